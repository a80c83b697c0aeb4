// The native search: iterative deepening, principal-variation search with aspiration windows, a
// transposition table, move ordering (hash move, killers, history), late-move reductions and a
// quiescence search on the moves that close in on the rival queen (the Hive analogue of captures).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "eval.hpp"
#include "position.hpp"

namespace hive {

constexpr int WIN = 30000;
constexpr int INF = 32000;
constexpr int MAX_PLY = 96;

struct Limits {
    int max_depth = 64;               // nominal plies (quiescence goes beyond)
    double time_limit = 0;            // hard limit in seconds; 0: none
    double soft_fraction = 0.6;       // no new iteration once this share of the time is spent
    uint64_t max_nodes = 0;           // 0: none
    std::function<double()> clock;    // seconds; empty: the steady clock (tests pass a fake one)
    int clock_interval = 1024;        // nodes between two looks at the clock
};

struct Iteration {
    int depth;
    int score;
    uint64_t nodes;
    double seconds;
    Move best;
};

struct Report {
    Move best = PASS;
    int score = 0;
    int depth = 0;          // the last depth searched to the end
    int seldepth = 0;       // the deepest ply reached, quiescence included
    uint64_t nodes = 0;
    double seconds = 0;
    bool aborted = false;
    std::vector<Move> pv;
    std::vector<Iteration> iterations;
};

struct TTEntry {
    uint64_t key = 0;
    uint16_t move = 0xFFFF;
    int16_t score = 0;
    int8_t depth = -1;
    uint8_t bound = 0;
};

class Searcher {
public:
    explicit Searcher(size_t table_megabytes = 32);
    Report search(Position& pos, const Limits& limits);
    void clear();

    Weights weights;
    int contempt = 40;            // a repeated position is worth -contempt to the searching side
    int quiescence_depth = 2;
    int quiescence_moves = 8;
    bool reductions = true;

private:
    int negamax(Position& pos, int depth, int alpha, int beta, int ply, bool pv_node);
    int quiesce(Position& pos, int alpha, int beta, int ply, int qdepth);
    int terminal(Result result, int colour, int ply) const;
    bool time_up();
    double elapsed() const;
    void order(Position& pos, MoveList& moves, int* scores, Move tt_move, int ply);
    bool winning_move(Position& pos, MoveList& moves, int rival_queen_cell);
    TTEntry* probe(uint64_t key);
    void store(uint64_t key, int depth, int score, int bound, Move move, int ply);

    std::vector<TTEntry> table_;
    size_t mask_ = 0;
    Move killers_[MAX_PLY + 8][2];
    int history_[32][CELLS];
    Move pv_[MAX_PLY + 8][MAX_PLY + 8];
    int pv_len_[MAX_PLY + 8];
    MoveList lists_[MAX_PLY + 8];
    int scores_[MAX_PLY + 8][MAX_MOVES];

    const Limits* limits_ = nullptr;
    std::chrono::steady_clock::time_point start_;
    double external_start_ = 0;
    uint64_t nodes_ = 0;
    uint64_t next_check_ = 0;
    int seldepth_ = 0;
    bool aborted_ = false;
    int root_colour_ = 0;
    Move iteration_best_ = PASS;
    int iteration_best_score_ = -INF;
};

}  // namespace hive
