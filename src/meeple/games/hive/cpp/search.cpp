// The native search (see search.hpp).
#include "search.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace hive {

namespace {

constexpr int EXACT = 1, LOWER = 2, UPPER = 3;
constexpr int NO_MOVE = 0xFFFF;
constexpr int ASPIRATION = 40;

bool adjacent(int a, int b) {
    for (int d = 0; d < 6; ++d)
        if (step(a, d) == b) return true;
    return false;
}

// TT scores of forced wins are stored relative to the node, not the root.
int to_table(int score, int ply) {
    if (score > WIN - 1000) return score + ply;
    if (score < -WIN + 1000) return score - ply;
    return score;
}
int from_table(int score, int ply) {
    if (score > WIN - 1000) return score - ply;
    if (score < -WIN + 1000) return score + ply;
    return score;
}

}  // namespace

Searcher::Searcher(size_t table_megabytes) : weights(default_weights()) {
    size_t entries = 1;
    size_t wanted = std::max<size_t>(1, table_megabytes) * (1u << 20) / sizeof(TTEntry);
    while (entries * 2 <= wanted) entries *= 2;
    table_.assign(entries, TTEntry{});
    mask_ = entries - 1;
    clear();
}

void Searcher::clear() {
    std::fill(table_.begin(), table_.end(), TTEntry{});
    std::memset(history_, 0, sizeof history_);
    for (auto& k : killers_) k[0] = k[1] = NO_MOVE;
}

TTEntry* Searcher::probe(uint64_t key) {
    TTEntry* e = &table_[key & mask_];
    return e->key == key ? e : nullptr;
}

void Searcher::store(uint64_t key, int depth, int score, int bound, Move move, int ply) {
    TTEntry* e = &table_[key & mask_];
    if (e->key == key && e->depth > depth && bound != EXACT) return;  // keep the deeper result
    e->key = key;
    e->move = static_cast<uint16_t>(move);
    e->score = static_cast<int16_t>(to_table(score, ply));
    e->depth = static_cast<int8_t>(depth);
    e->bound = static_cast<uint8_t>(bound);
}

double Searcher::elapsed() const {
    if (limits_ && limits_->clock) return limits_->clock() - external_start_;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

bool Searcher::time_up() {
    if (aborted_) return true;
    if (nodes_ < next_check_) return false;
    next_check_ = nodes_ + static_cast<uint64_t>(std::max(1, limits_->clock_interval));
    if (limits_->max_nodes && nodes_ >= limits_->max_nodes) aborted_ = true;
    if (limits_->time_limit > 0 && elapsed() >= limits_->time_limit) aborted_ = true;
    return aborted_;
}

int Searcher::terminal(Result result, int colour, int ply) const {
    if (result == DRAW) return 0;
    bool won = (result == WHITE_WINS) == (colour == 0);
    return won ? WIN - ply : -(WIN - ply);
}

void Searcher::order(Position& pos, MoveList& moves, int* scores, Move tt_move, int ply) {
    int me = pos.to_move();
    int rival = pos.cell(pos.queen(1 - me));
    int mine = pos.cell(pos.queen(me));
    for (int i = 0; i < moves.size; ++i) {
        Move m = moves.moves[i];
        int score;
        if (m == tt_move) {
            score = 1 << 30;
        } else if (m == PASS) {
            score = 0;
        } else {
            int piece = move_piece(m), dest = move_dest(m), from = pos.cell(piece);
            bool own = pos.colour(piece) == me;
            score = history_[piece][dest];
            if (rival >= 0 && !move_swap(m)) {
                bool to_rival = adjacent(dest, rival) || dest == rival;
                bool from_rival = from >= 0 && adjacent(from, rival);
                if (own && to_rival && !from_rival) score += 1 << 24;
                if (own && from_rival && !to_rival) score -= 1 << 20;
                if (!own && to_rival && !from_rival) score -= 1 << 20;  // a throw that helps the rival
            }
            if (mine >= 0 && from >= 0 && adjacent(from, mine) && !adjacent(dest, mine)) {
                score += (own && piece != pos.queen(me)) || !own ? 1 << 23 : 1 << 22;
            }
            if (m == killers_[ply][0]) score += 1 << 21;
            else if (m == killers_[ply][1]) score += 1 << 20;
        }
        scores[i] = score;
    }
}

bool Searcher::winning_move(Position& pos, MoveList& moves, int rival_queen_cell) {
    int gap = -1, filled = 0;
    for (int d = 0; d < 6; ++d) {
        int near = step(rival_queen_cell, d);
        if (pos.occupied(near)) ++filled;
        else gap = near;
    }
    if (filled != 5) return false;
    int me = pos.to_move();
    for (Move m : moves) {
        if (m == PASS || move_swap(m) || move_dest(m) != gap) continue;
        pos.play(m);
        Result r = pos.result();
        pos.undo();
        if (r == (me == 0 ? WHITE_WINS : BLACK_WINS)) return true;
    }
    return false;
}

int Searcher::quiesce(Position& pos, int alpha, int beta, int ply, int qdepth) {
    pv_len_[ply] = ply;
    if (time_up()) return 0;
    ++nodes_;
    if (ply > seldepth_) seldepth_ = ply;
    Result result = pos.result();
    if (result != ONGOING) return terminal(result, pos.to_move(), ply);
    int stand = evaluate(pos, weights);
    if (ply >= MAX_PLY) return stand;
    int me = pos.to_move();
    int rival = pos.cell(pos.queen(1 - me));
    if (rival < 0 || pos.cell(pos.queen(me)) < 0) return stand;
    MoveList& moves = lists_[ply];
    pos.generate_movements(moves);  // a placement never touches the rival queen
    if (winning_move(pos, moves, rival)) return WIN - ply - 1;
    if (stand >= beta || qdepth <= 0) return stand;
    if (stand > alpha) alpha = stand;
    int best = stand;
    int* scores = scores_[ply];
    int count = 0;
    for (int i = 0; i < moves.size; ++i) {
        Move m = moves.moves[i];
        if (m == PASS || move_swap(m)) continue;
        int piece = move_piece(m), from = pos.cell(piece);
        if (pos.colour(piece) != me || from < 0 || adjacent(from, rival) || !adjacent(move_dest(m), rival)) continue;
        moves.moves[count] = m;
        scores[count] = history_[piece][move_dest(m)] + (pos.bug(piece) == BEETLE ? 1000 : 0);
        ++count;
    }
    int tried = 0;
    for (int i = 0; i < count && tried < quiescence_moves; ++i, ++tried) {
        int pick = i;
        for (int j = i + 1; j < count; ++j)
            if (scores[j] > scores[pick]) pick = j;
        std::swap(moves.moves[i], moves.moves[pick]);
        std::swap(scores[i], scores[pick]);
        Move m = moves.moves[i];
        pos.play(m);
        int score = -quiesce(pos, -beta, -alpha, ply + 1, qdepth - 1);
        pos.undo();
        if (aborted_) return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (score >= beta) break;
            }
        }
    }
    return best;
}

int Searcher::negamax(Position& pos, int depth, int alpha, int beta, int ply, bool pv_node) {
    pv_len_[ply] = ply;
    if (time_up()) return 0;
    Result result = pos.result();
    if (result != ONGOING) {
        ++nodes_;
        return terminal(result, pos.to_move(), ply);
    }
    if (ply > 0 && pos.repeated()) {
        ++nodes_;
        return pos.to_move() == root_colour_ ? -contempt : contempt;
    }
    if (depth <= 0 || ply >= MAX_PLY) return quiesce(pos, alpha, beta, ply, quiescence_depth);
    ++nodes_;
    if (ply > seldepth_) seldepth_ = ply;

    uint64_t key = pos.hash();
    Move tt_move = NO_MOVE;
    if (TTEntry* e = probe(key)) {
        tt_move = e->move;
        if (!pv_node && ply > 0 && e->depth >= depth) {
            int score = from_table(e->score, ply);
            if (e->bound == EXACT) return score;
            if (e->bound == LOWER && score >= beta) return score;
            if (e->bound == UPPER && score <= alpha) return score;
        }
    }
    MoveList& moves = lists_[ply];
    pos.generate(moves);
    int* scores = scores_[ply];
    order(pos, moves, scores, tt_move, ply);

    int original_alpha = alpha;
    int best = -INF;
    Move best_move = moves.moves[0];
    int searched = 0;
    for (int i = 0; i < moves.size; ++i) {
        int pick = i;
        for (int j = i + 1; j < moves.size; ++j)
            if (scores[j] > scores[pick]) pick = j;
        std::swap(moves.moves[i], moves.moves[pick]);
        std::swap(scores[i], scores[pick]);
        Move m = moves.moves[i];
        bool quiet = scores[i] < (1 << 20);
        pos.play(m);
        int score;
        if (searched == 0) {
            score = -negamax(pos, depth - 1, -beta, -alpha, ply + 1, pv_node);
        } else {
            int reduction = 0;
            if (reductions && depth >= 3 && searched >= 3 && quiet) reduction = searched >= 10 && depth >= 4 ? 2 : 1;
            score = -negamax(pos, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, false);
            if (score > alpha && reduction && !aborted_)
                score = -negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1, false);
            if (score > alpha && score < beta && !aborted_)
                score = -negamax(pos, depth - 1, -beta, -alpha, ply + 1, true);
        }
        pos.undo();
        if (aborted_) return 0;
        ++searched;
        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                alpha = score;
                pv_[ply][ply] = m;
                for (int k = ply + 1; k < pv_len_[ply + 1]; ++k) pv_[ply][k] = pv_[ply + 1][k];
                pv_len_[ply] = std::max(pv_len_[ply + 1], ply + 1);
                if (ply == 0) {
                    iteration_best_ = m;
                    iteration_best_score_ = score;
                }
                if (score >= beta) {
                    if (m != PASS) {
                        if (quiet && killers_[ply][0] != m) {
                            killers_[ply][1] = killers_[ply][0];
                            killers_[ply][0] = m;
                        }
                        int& h = history_[move_piece(m)][move_dest(m)];
                        h += depth * depth;
                        if (h > (1 << 19)) {
                            for (auto& row : history_)
                                for (int& value : row) value /= 2;
                        }
                    }
                    break;
                }
            }
        }
    }
    int bound = best >= beta ? LOWER : (best > original_alpha ? EXACT : UPPER);
    store(key, depth, best, bound, best_move, ply);
    return best;
}

Report Searcher::search(Position& pos, const Limits& limits) {
    limits_ = &limits;
    start_ = std::chrono::steady_clock::now();
    external_start_ = limits.clock ? limits.clock() : 0.0;
    nodes_ = 0;
    next_check_ = 0;
    seldepth_ = 0;
    aborted_ = false;
    root_colour_ = pos.to_move();
    for (auto& k : killers_) k[0] = k[1] = NO_MOVE;

    Report report;
    MoveList root;
    pos.generate(root);
    if (root.size == 0) return report;
    // Before any ply is searched the move ordering's favourite is the answer.
    {
        int scores[MAX_MOVES];
        TTEntry* e = probe(pos.hash());
        order(pos, root, scores, e ? e->move : NO_MOVE, 0);
        int pick = 0;
        for (int i = 1; i < root.size; ++i)
            if (scores[i] > scores[pick]) pick = i;
        report.best = root.moves[pick];
        report.pv = {report.best};
    }
    if (root.size == 1) {
        report.seconds = elapsed();
        return report;
    }
    int previous = 0;
    int max_depth = std::min(limits.max_depth, MAX_PLY - 1);
    for (int depth = 1; depth <= max_depth; ++depth) {
        iteration_best_ = PASS;
        iteration_best_score_ = -INF;
        int window = ASPIRATION;
        int alpha = depth >= 3 ? previous - window : -INF;
        int beta = depth >= 3 ? previous + window : INF;
        int score = 0;
        while (true) {
            score = negamax(pos, depth, alpha, beta, 0, true);
            if (aborted_) break;
            if (score <= alpha) {
                alpha = std::max(-INF, alpha - window);
                window *= 4;
            } else if (score >= beta) {
                beta = std::min(INF, beta + window);
                window *= 4;
            } else {
                break;
            }
            if (window > 2000) {
                alpha = -INF;
                beta = INF;
            }
        }
        if (aborted_) {
            // A move that beat the window's floor in the unfinished iteration is kept (searched fully).
            if (iteration_best_ != PASS && iteration_best_score_ > alpha && depth > 1) {
                report.best = iteration_best_;
                report.pv = {iteration_best_};
            }
            break;
        }
        previous = score;
        report.best = pv_len_[0] > 0 ? pv_[0][0] : iteration_best_;
        report.score = score;
        report.depth = depth;
        report.pv.assign(pv_[0], pv_[0] + std::max(1, pv_len_[0]));
        report.iterations.push_back({depth, score, nodes_, elapsed(), report.best});
        if (score >= WIN - depth - 1 || score <= -WIN + depth + 1) break;  // the end is seen
        if (limits.time_limit > 0 && elapsed() >= limits.soft_fraction * limits.time_limit) break;
        if (limits.max_nodes && nodes_ >= limits.max_nodes) break;
    }
    report.aborted = aborted_;
    report.nodes = nodes_;
    report.seldepth = seldepth_;
    report.seconds = elapsed();
    limits_ = nullptr;
    return report;
}

}  // namespace hive
