// The native Hive position: board, make/unmake, Zobrist hash, articulation points, move generation.
//
// It plays exactly the rules of the Python engine (src/meeple/games/hive/state.py, the authority); the
// differential tests in tests/games/hive/test_native.py prove both give the same moves.
//
// The board is a 32 x 32 torus: cell = (q + 32 r) mod 1024, so a step is one addition (E +1, SE +32,
// SW +31, W -1, NW -32, NE -31). Two cells share an index only if they differ by at least 32 in q or r;
// a hive of at most 30 connected pieces spans at most 29, its neighbours 31, so every cell the rules
// ever look at has its own index. Each piece also keeps its true axial (q, r), to speak to Python.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace hive {

constexpr int CELLS = 1024;
constexpr int CELL_MASK = CELLS - 1;
constexpr int MAX_PIECES = 30;   // Base+MLPC: 15 a side
constexpr int MAX_HEIGHT = 8;    // a ground piece, four beetles and two mosquitoes reach 7
constexpr int MAX_MOVES = 1024;
constexpr int WINDOW = 29;       // the widest span (in q or r) of a hive the torus holds exactly

enum Bug : uint8_t { QUEEN, SPIDER, BEETLE, GRASSHOPPER, ANT, MOSQUITO, LADYBUG, PILLBUG, CENTIPEDE, BUG_KINDS };
enum Result : int { ONGOING = 0, WHITE_WINS = 1, BLACK_WINS = 2, DRAW = 3 };

// E, SE, SW, W, NW, NE: the order of the Python engine's DIRS (clockwise from east).
constexpr int DIR[6] = {1, 32, 31, -1, -32, -31};
constexpr int DQ[6] = {1, 0, -1, -1, 0, 1};
constexpr int DR[6] = {0, 1, 1, 0, -1, -1};

inline int step(int cell, int d) { return (cell + DIR[d]) & CELL_MASK; }
inline int cell_of_axial(int q, int r) { return (q + 32 * r) & CELL_MASK; }

// A move in 16 bits: piece (5 bits), destination cell (10 bits), swap flag. PASS is piece 31.
using Move = uint32_t;
constexpr Move PASS = 31;
inline Move make_move(int piece, int dest, bool swap) {
    return static_cast<Move>(piece) | (static_cast<Move>(dest) << 5) | (swap ? (1u << 15) : 0u);
}
inline int move_piece(Move m) { return static_cast<int>(m & 31u); }
inline int move_dest(Move m) { return static_cast<int>((m >> 5) & 1023u); }
inline bool move_swap(Move m) { return (m >> 15) & 1u; }

struct MoveList {
    int size = 0;
    std::array<Move, MAX_MOVES> moves;
    void push(Move m) {
        if (size < MAX_MOVES) moves[size++] = m;
    }
    Move* begin() { return moves.data(); }
    Move* end() { return moves.data() + size; }
    const Move* begin() const { return moves.data(); }
    const Move* end() const { return moves.data() + size; }
};

uint64_t splitmix64(uint64_t value);

struct Scratch;  // per-thread working memory of the move generator (position.cpp)

struct Undo {
    Move move;
    int16_t source;          // -1 for a placement
    uint8_t partner;         // the swapped piece
    uint8_t last_count;      // the previous last-moved pieces
    uint8_t last[2];
    bool last_swap;
    int16_t old_q, old_r;    // the mover's axial cell before the move
    uint64_t hash;           // the full hash before the move (for repetition checks)
};

class Position {
public:
    explicit Position(const std::string& expansions);

    // --- what the game type fixes ---
    int pieces() const { return piece_count_; }
    int colour(int p) const { return colour_[p]; }
    Bug bug(int p) const { return bug_[p]; }
    int queen(int c) const { return queen_[c]; }
    const std::string& expansions() const { return expansions_; }

    // --- the position ---
    int ply() const { return ply_; }
    int to_move() const { return ply_ & 1; }
    int height(int cell) const { return height_[cell]; }
    int top(int cell) const { return height_[cell] ? stack_[cell][height_[cell] - 1] : -1; }
    int at(int cell, int level) const { return stack_[cell][level]; }
    int cell(int p) const { return cell_[p]; }
    int level(int p) const { return level_[p]; }
    int q(int p) const { return q_[p]; }
    int r(int p) const { return r_[p]; }
    bool occupied(int cell) const { return height_[cell] != 0; }
    int last_count() const { return last_count_; }
    int last(int i) const { return last_[i]; }
    bool last_swap() const { return last_swap_; }
    uint64_t hash() const;
    uint64_t hash_from_scratch() const;
    Result result() const;
    bool surrounded(int colour) const;
    // The next piece of each kind ``colour`` may place (lowest number first), kinds in order.
    int in_hand(int colour, int* out) const;
    int history_size() const { return static_cast<int>(history_.size()); }
    const Undo& history(int i) const { return history_[i]; }
    // Whether the current position occurred before in the game or the search path (same full hash).
    bool repeated() const;

    // --- make / unmake ---
    void play(Move m);     // assumed legal (the search plays only generated moves)
    void undo();

    // --- move generation ---
    void generate(MoveList& out);
    // Only the movements, throws and swaps (no placements, no pass): what a quiescence search looks at.
    void generate_movements(MoveList& out);
    // The ground pieces whose removal splits the hive (a bit per piece id; cached for the position).
    uint32_t pinned();
    bool is_pinned(int cell) { return (pinned() >> stack_[cell][0]) & 1u; }
    // Empty cells where ``colour`` may place; returns how many were written to ``out`` (room for CELLS).
    int placement_cells(int colour, int* out) const;
    uint64_t perft(int depth);

    // --- coordinates ---
    // The true axial cell of ``dest`` for a move from this position (dest must touch or hold a piece,
    // or be the first move's origin).
    bool axial_of(int dest, int& q, int& r) const;

    // Ground cells (one per occupied cell), in piece order.
    int ground_cells(int* out) const;

private:
    void put(int p, int cell, int q, int r);
    int take(int p);
    void placements(int colour, MoveList& out);
    void movements(int colour, MoveList& out);
    void add(MoveList& out, int piece, int dest);
    void lifted_moves(int piece, int cell, Bug as, MoveList& out);
    void centipede_moves(int piece, int cell, bool pinned, uint32_t frozen, MoveList& out);
    void pillbug_throws(int cell, MoveList& out);
    int no_return_partner(int piece) const;
    void compute_pinned();

    // targets of the movement patterns, the moving piece already lifted off the board
    int slides(int cell, int* out) const;
    void ant(int piece, int start, MoveList& out);
    void spider(int piece, int start, MoveList& out);
    void grasshopper(int piece, int cell, MoveList& out);
    int beetle_steps(int cell, int* out) const;
    void ladybug(int piece, int start, MoveList& out);

    std::string expansions_;
    int piece_count_ = 0;
    uint8_t colour_[32] = {};
    Bug bug_[32] = {};
    int queen_[2] = {0, 0};
    int kind_count_ = 0;
    int kind_start_[2][BUG_KINDS] = {};
    int kind_size_[BUG_KINDS] = {};

    uint8_t height_[CELLS] = {};
    uint8_t stack_[CELLS][MAX_HEIGHT] = {};
    int16_t cell_[32];
    uint8_t level_[32] = {};
    int16_t q_[32] = {}, r_[32] = {};
    int ply_ = 0;
    uint8_t last_count_ = 0;
    uint8_t last_[2] = {0, 0};
    bool last_swap_ = false;
    uint64_t board_hash_ = 0;
    std::vector<Undo> history_;

    uint32_t pinned_mask_ = 0;
    bool pinned_valid_ = false;
    mutable Scratch* scratch_ = nullptr;  // this thread's, set by each public entry point
};

}  // namespace hive
