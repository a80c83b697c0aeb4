// The native Hive position (see position.hpp). Every rule here mirrors state.py line by line.
#include "position.hpp"

#include <algorithm>
#include <cstring>

namespace hive {

uint64_t splitmix64(uint64_t value) {
    value += 0x9E3779B97F4A7C15ULL;
    value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9ULL;
    value = (value ^ (value >> 27)) * 0x94D049BB133111EBULL;
    return value ^ (value >> 31);
}

namespace {

inline uint64_t piece_key(int piece, int cell, int level) {
    return splitmix64((static_cast<uint64_t>(piece) << 16) | (static_cast<uint64_t>(level) << 10) |
                      static_cast<uint64_t>(cell));
}

struct Keys {
    uint64_t ply[10];
    uint64_t last[32];
    uint64_t swap;
    Keys() {
        for (int i = 0; i < 10; ++i) ply[i] = splitmix64(0xABCDEF0000ULL + i);
        for (int i = 0; i < 32; ++i) last[i] = splitmix64(0x1234560000ULL + i);
        swap = splitmix64(0x5A5A5A5AULL);
    }
};
const Keys KEYS;

}  // namespace

// Per-thread scratch of a move generation: the (piece, destination) pairs already listed (moves are
// deduplicated, as in the Python engine), the cells an ant's flood has reached, Tarjan's numbering.
struct Scratch {
    uint32_t seen_gen[CELLS] = {};
    uint32_t seen_mask[CELLS] = {};
    uint32_t gen = 0;
    uint32_t mark[CELLS] = {};
    uint32_t mark_gen = 0;
    int8_t local[CELLS] = {};

    void next_gen() {
        if (++gen == 0) {
            std::memset(seen_gen, 0, sizeof seen_gen);
            gen = 1;
        }
    }
    uint32_t next_mark() {
        if (++mark_gen == 0) {
            std::memset(mark, 0, sizeof mark);
            mark_gen = 1;
        }
        return mark_gen;
    }
};

namespace {

thread_local Scratch scratch;

inline int left_of(int d) { return (d + 5) % 6; }
inline int right_of(int d) { return (d + 1) % 6; }

}  // namespace

Position::Position(const std::string& expansions) : expansions_(expansions) {
    // The pieces of state.py/pieces.py: per colour, kinds QSBGA then the expansions in MLPC order,
    // numbers ascending; white first.
    const int base_counts[5] = {1, 2, 2, 3, 3};
    std::vector<std::pair<Bug, int>> kinds;
    for (int k = 0; k < 5; ++k) kinds.emplace_back(static_cast<Bug>(k), base_counts[k]);
    const std::string order = "MLPC";
    size_t previous = 0;
    for (char letter : expansions) {
        size_t index = order.find(letter);
        if (index == std::string::npos) throw std::invalid_argument("unknown expansion letter in game type");
        if (!kinds.empty() && index + 1 <= previous) throw std::invalid_argument("expansions out of order");
        previous = index + 1;
        kinds.emplace_back(static_cast<Bug>(MOSQUITO + index), 1);
    }
    kind_count_ = static_cast<int>(kinds.size());
    for (int colour = 0; colour < 2; ++colour) {
        for (int k = 0; k < kind_count_; ++k) {
            kind_start_[colour][k] = piece_count_;
            kind_size_[k] = kinds[k].second;
            for (int n = 0; n < kinds[k].second; ++n) {
                colour_[piece_count_] = static_cast<uint8_t>(colour);
                bug_[piece_count_] = kinds[k].first;
                if (kinds[k].first == QUEEN) queen_[colour] = piece_count_;
                ++piece_count_;
            }
        }
    }
    for (int p = 0; p < 32; ++p) cell_[p] = -1;
}

// --- facts -----------------------------------------------------------------------------------------
uint64_t Position::hash() const {
    uint64_t key = board_hash_ ^ KEYS.ply[ply_ < 8 ? ply_ : 8 + (ply_ & 1)];
    for (int i = 0; i < last_count_; ++i) key ^= KEYS.last[last_[i]];
    return last_swap_ ? key ^ KEYS.swap : key;
}

uint64_t Position::hash_from_scratch() const {
    uint64_t board = 0;
    for (int p = 0; p < piece_count_; ++p)
        if (cell_[p] >= 0) board ^= piece_key(p, cell_[p], level_[p]);
    uint64_t key = board ^ KEYS.ply[ply_ < 8 ? ply_ : 8 + (ply_ & 1)];
    for (int i = 0; i < last_count_; ++i) key ^= KEYS.last[last_[i]];
    return last_swap_ ? key ^ KEYS.swap : key;
}

bool Position::surrounded(int colour) const {
    int cell = cell_[queen_[colour]];
    if (cell < 0) return false;
    for (int d = 0; d < 6; ++d)
        if (!height_[step(cell, d)]) return false;
    return true;
}

Result Position::result() const {
    bool white = surrounded(0), black = surrounded(1);
    if (white && black) return DRAW;
    if (white) return BLACK_WINS;
    return black ? WHITE_WINS : ONGOING;
}

int Position::in_hand(int colour, int* out) const {
    int count = 0;
    for (int k = 0; k < kind_count_; ++k) {
        for (int n = 0; n < kind_size_[k]; ++n) {
            int p = kind_start_[colour][k] + n;
            if (cell_[p] == -1) {
                out[count++] = p;
                break;
            }
        }
    }
    return count;
}

bool Position::repeated() const {
    uint64_t now = hash();
    // A placement adds a piece for good: no position before it can come back.
    for (int i = static_cast<int>(history_.size()) - 1; i >= 0; --i) {
        const Undo& u = history_[i];
        if (u.hash == now) return true;
        if (u.move != PASS && u.source == -1) break;
    }
    return false;
}

int Position::ground_cells(int* out) const {
    int count = 0;
    for (int p = 0; p < piece_count_; ++p)
        if (cell_[p] >= 0 && level_[p] == 0) out[count++] = cell_[p];
    return count;
}

bool Position::axial_of(int dest, int& q, int& r) const {
    if (height_[dest]) {
        int p = stack_[dest][0];
        q = q_[p];
        r = r_[p];
        return true;
    }
    for (int d = 0; d < 6; ++d) {
        int near = step(dest, d);
        if (height_[near]) {
            int p = stack_[near][0];
            q = q_[p] - DQ[d];
            r = r_[p] - DR[d];
            return true;
        }
    }
    if (dest == 0) {
        for (int p = 0; p < piece_count_; ++p)
            if (cell_[p] >= 0) return false;
        q = r = 0;  // the first piece goes to the origin
        return true;
    }
    return false;
}

// --- make / unmake -----------------------------------------------------------------------------------
void Position::put(int p, int cell, int q, int r) {
    int h = height_[cell];
    if (h >= MAX_HEIGHT) throw std::logic_error("hive: a stack higher than the native board holds");
    stack_[cell][h] = static_cast<uint8_t>(p);
    height_[cell] = static_cast<uint8_t>(h + 1);
    level_[p] = static_cast<uint8_t>(h);
    cell_[p] = static_cast<int16_t>(cell);
    q_[p] = static_cast<int16_t>(q);
    r_[p] = static_cast<int16_t>(r);
    board_hash_ ^= piece_key(p, cell, h);
}

int Position::take(int p) {
    int cell = cell_[p];
    int h = --height_[cell];
    board_hash_ ^= piece_key(p, cell, h);
    cell_[p] = -1;
    return cell;
}

void Position::play(Move m) {
    Undo u;
    u.move = m;
    u.hash = hash();
    u.source = -1;
    u.partner = 0;
    u.last_count = last_count_;
    u.last[0] = last_[0];
    u.last[1] = last_[1];
    u.last_swap = last_swap_;
    u.old_q = u.old_r = 0;
    if (m == PASS) {
        last_count_ = 0;
        last_swap_ = false;
    } else {
        int piece = move_piece(m), dest = move_dest(m);
        if (cell_[piece] == -1) {
            int q = 0, r = 0;
            axial_of(dest, q, r);
            put(piece, dest, q, r);
            last_count_ = 1;
            last_[0] = static_cast<uint8_t>(piece);
            last_swap_ = false;
        } else if (move_swap(m)) {
            int partner = stack_[dest][0];
            u.partner = static_cast<uint8_t>(partner);
            int pq = q_[piece], pr = r_[piece], oq = q_[partner], orr = r_[partner];
            u.old_q = static_cast<int16_t>(pq);
            u.old_r = static_cast<int16_t>(pr);
            int source = take(piece);
            take(partner);
            put(piece, dest, oq, orr);
            put(partner, source, pq, pr);
            u.source = static_cast<int16_t>(source);
            last_count_ = 2;
            last_[0] = static_cast<uint8_t>(piece);
            last_[1] = static_cast<uint8_t>(partner);
            last_swap_ = true;
        } else {
            int q = 0, r = 0;
            axial_of(dest, q, r);
            u.old_q = q_[piece];
            u.old_r = r_[piece];
            u.source = static_cast<int16_t>(take(piece));
            put(piece, dest, q, r);
            last_count_ = 1;
            last_[0] = static_cast<uint8_t>(piece);
            last_swap_ = false;
        }
    }
    ++ply_;
    pinned_valid_ = false;
    history_.push_back(u);
}

void Position::undo() {
    if (history_.empty()) return;
    Undo u = history_.back();
    history_.pop_back();
    Move m = u.move;
    if (m != PASS) {
        int piece = move_piece(m), dest = move_dest(m);
        if (u.source == -1) {
            take(piece);
        } else if (move_swap(m)) {
            int partner = u.partner;
            int dq = q_[piece], dr = r_[piece];
            take(piece);
            take(partner);
            put(piece, u.source, u.old_q, u.old_r);
            put(partner, dest, dq, dr);
        } else {
            take(piece);
            put(piece, u.source, u.old_q, u.old_r);
        }
    }
    last_count_ = u.last_count;
    last_[0] = u.last[0];
    last_[1] = u.last[1];
    last_swap_ = u.last_swap;
    --ply_;
    pinned_valid_ = false;
}

// --- articulation points ------------------------------------------------------------------------------
uint32_t Position::pinned() {
    if (!pinned_valid_) compute_pinned();
    return pinned_mask_;
}

void Position::compute_pinned() {
    pinned_valid_ = true;
    pinned_mask_ = 0;
    int cells[32];
    int n = ground_cells(cells);
    if (n < 3) return;
    scratch_ = &scratch;
    Scratch& s = *scratch_;
    for (int i = 0; i < n; ++i) s.local[cells[i]] = static_cast<int8_t>(i);
    uint32_t adjacency[32];
    for (int i = 0; i < n; ++i) {
        uint32_t bits = 0;
        for (int d = 0; d < 6; ++d) {
            int near = step(cells[i], d);
            if (height_[near]) bits |= 1u << s.local[near];
        }
        adjacency[i] = bits;
    }
    // Tarjan's low-link, iteratively; each node keeps the neighbours it has still to look at.
    int order[32], low[32], parent[32], children[32], stack[32];
    uint32_t pending[32];
    uint32_t visited = 1u;
    int depth = 0, counter = 0;
    stack[depth++] = 0;
    order[0] = low[0] = counter++;
    parent[0] = -1;
    children[0] = 0;
    pending[0] = adjacency[0];
    uint32_t points = 0;
    while (depth > 0) {
        int u = stack[depth - 1];
        if (pending[u]) {
            int v = __builtin_ctz(pending[u]);
            pending[u] &= pending[u] - 1;
            if ((visited >> v) & 1u) {
                if (order[v] < low[u]) low[u] = order[v];
                continue;
            }
            visited |= 1u << v;
            ++children[u];
            order[v] = low[v] = counter++;
            parent[v] = u;
            children[v] = 0;
            pending[v] = adjacency[v] & ~(1u << u);
            stack[depth++] = v;
        } else {
            --depth;
            int p = parent[u];
            if (p >= 0) {
                if (low[u] < low[p]) low[p] = low[u];
                if (parent[p] != -1 && low[u] >= order[p]) points |= 1u << p;
            } else if (children[u] > 1) {
                points |= 1u << u;
            }
        }
    }
    while (points) {
        int i = __builtin_ctz(points);
        points &= points - 1;
        pinned_mask_ |= 1u << stack_[cells[i]][0];
    }
}

// --- move generation ---------------------------------------------------------------------------------
void Position::generate(MoveList& out) {
    out.size = 0;
    if (result() != ONGOING) return;
    scratch_ = &scratch;
    scratch_->next_gen();
    int colour = ply_ & 1;
    placements(colour, out);
    if (cell_[queen_[colour]] != -1) movements(colour, out);
    if (out.size == 0) out.push(PASS);
}

void Position::generate_movements(MoveList& out) {
    out.size = 0;
    if (result() != ONGOING) return;
    scratch_ = &scratch;
    scratch_->next_gen();
    int colour = ply_ & 1;
    if (cell_[queen_[colour]] != -1) movements(colour, out);
}

void Position::add(MoveList& out, int piece, int dest) {
    Scratch& s = *scratch_;
    uint32_t bit = 1u << piece;
    if (s.seen_gen[dest] != s.gen) {
        s.seen_gen[dest] = s.gen;
        s.seen_mask[dest] = bit;
    } else if (s.seen_mask[dest] & bit) {
        return;
    } else {
        s.seen_mask[dest] |= bit;
    }
    out.push(make_move(piece, dest, false));
}

int Position::placement_cells(int colour, int* out) const {
    if (ply_ == 0) {
        out[0] = 0;
        return 1;
    }
    if (ply_ == 1) {
        for (int d = 0; d < 6; ++d) out[d] = step(0, d);
        return 6;
    }
    if (!scratch_) scratch_ = &scratch;
    Scratch& s = *scratch_;
    uint32_t mark = s.next_mark();
    int found = 0;
    int cells[32];
    int n = ground_cells(cells);
    for (int i = 0; i < n; ++i) {
        int cell = cells[i];
        if (colour_[top(cell)] != colour) continue;
        for (int d = 0; d < 6; ++d) {
            int candidate = step(cell, d);
            if (height_[candidate] || s.mark[candidate] == mark) continue;
            s.mark[candidate] = mark;
            bool touches_opponent = false;
            for (int e = 0; e < 6; ++e) {
                int near = step(candidate, e);
                if (height_[near] && colour_[top(near)] != colour) {
                    touches_opponent = true;
                    break;
                }
            }
            if (!touches_opponent) out[found++] = candidate;
        }
    }
    return found;
}

void Position::placements(int colour, MoveList& out) {
    int turn = ply_ / 2 + 1;
    int queen = queen_[colour];
    int hand[BUG_KINDS];
    int count = in_hand(colour, hand);
    if (turn == 1) {
        int kept = 0;
        for (int i = 0; i < count; ++i)
            if (hand[i] != queen) hand[kept++] = hand[i];
        count = kept;
    } else if (turn == 4 && cell_[queen] == -1) {
        hand[0] = queen;
        count = 1;
    }
    if (count == 0) return;
    int cells[CELLS];
    int n = placement_cells(colour, cells);
    for (int c = 0; c < n; ++c)
        for (int i = 0; i < count; ++i) out.push(make_move(hand[i], cells[c], false));
}

void Position::movements(int colour, MoveList& out) {
    uint32_t pinned_mask = pinned();
    uint32_t frozen = 0;
    if (!last_swap_)
        for (int i = 0; i < last_count_; ++i)
            if (colour_[last_[i]] == colour) frozen |= 1u << last_[i];
    int first = kind_start_[colour][0];
    int count = piece_count_ / 2;
    for (int piece = first; piece < first + count; ++piece) {
        int cell = cell_[piece];
        if (cell < 0 || ((frozen >> piece) & 1u)) continue;
        int h = height_[cell];
        if (stack_[cell][h - 1] != piece) continue;
        bool pinned = h == 1 && ((pinned_mask >> piece) & 1u);
        Bug b = bug_[piece];
        if (b == MOSQUITO) {
            if (h > 1) {
                lifted_moves(piece, cell, BEETLE, out);
                continue;
            }
            uint32_t copied = 0;
            for (int d = 0; d < 6; ++d) {
                int near = step(cell, d);
                if (height_[near]) copied |= 1u << bug_[top(near)];
            }
            copied &= ~(1u << MOSQUITO);
            for (int k = 0; k < BUG_KINDS; ++k) {
                if (!((copied >> k) & 1u)) continue;
                if (k == CENTIPEDE)
                    centipede_moves(piece, cell, pinned, frozen, out);
                else if (!pinned)
                    lifted_moves(piece, cell, static_cast<Bug>(k), out);
            }
            if ((copied >> PILLBUG) & 1u) pillbug_throws(cell, out);
        } else if (b == CENTIPEDE) {
            centipede_moves(piece, cell, pinned, frozen, out);
        } else {
            if (!pinned) lifted_moves(piece, cell, b, out);
            if (b == PILLBUG) pillbug_throws(cell, out);
        }
    }
}

void Position::lifted_moves(int piece, int cell, Bug as, MoveList& out) {
    --height_[cell];  // lifted: the piece never props up its own path
    int targets[6];
    int n = 0;
    switch (as) {
        case QUEEN:
        case PILLBUG:
        case CENTIPEDE:
            n = slides(cell, targets);
            break;
        case BEETLE:
            n = beetle_steps(cell, targets);
            break;
        case SPIDER:
            spider(piece, cell, out);
            break;
        case ANT:
            ant(piece, cell, out);
            break;
        case GRASSHOPPER:
            grasshopper(piece, cell, out);
            break;
        case LADYBUG:
            ladybug(piece, cell, out);
            break;
        default:
            break;
    }
    ++height_[cell];
    for (int i = 0; i < n; ++i) add(out, piece, targets[i]);
}

int Position::no_return_partner(int piece) const {
    if (!last_swap_) return -1;
    int swapper = last_[0], partner = last_[1];
    if (partner != piece || colour_[swapper] == colour_[partner]) return -1;
    return (bug_[partner] == CENTIPEDE || bug_[partner] == MOSQUITO) ? swapper : -1;
}

void Position::centipede_moves(int piece, int cell, bool pinned, uint32_t frozen, MoveList& out) {
    int forbidden = no_return_partner(piece);
    bool touches_single = false;
    for (int d = 0; d < 6; ++d) {
        int near = step(cell, d);
        if (height_[near] != 1) continue;
        touches_single = true;
        int partner = stack_[near][0];
        if (((frozen >> partner) & 1u) || partner == forbidden) continue;
        out.push(make_move(piece, near, true));
    }
    if (!touches_single && !pinned) lifted_moves(piece, cell, CENTIPEDE, out);
}

void Position::pillbug_throws(int cell, MoveList& out) {
    int empties[6];
    int n = 0;
    for (int d = 0; d < 6; ++d)
        if (!height_[step(cell, d)]) empties[n++] = d;
    if (n == 0) return;
    uint32_t pinned_mask = pinned();
    for (int d = 0; d < 6; ++d) {
        int source = step(cell, d);
        if (height_[source] != 1) continue;
        int p = stack_[source][0];
        if ((pinned_mask >> p) & 1u) continue;
        bool untouchable = false;
        for (int i = 0; i < last_count_; ++i) untouchable |= last_[i] == p;
        if (untouchable) continue;
        if (height_[step(cell, left_of(d))] > 1 && height_[step(cell, right_of(d))] > 1) continue;  // gated going up
        for (int i = 0; i < n; ++i) {
            int t = empties[i];
            if (height_[step(cell, left_of(t))] > 1 && height_[step(cell, right_of(t))] > 1) continue;  // going down
            add(out, p, step(cell, t));
        }
    }
}

// --- movement patterns (the moving piece already lifted) ---------------------------------------------
int Position::slides(int cell, int* out) const {
    int n = 0;
    for (int d = 0; d < 6; ++d) {
        int target = step(cell, d);
        if (height_[target]) continue;
        if ((height_[step(cell, left_of(d))] != 0) != (height_[step(cell, right_of(d))] != 0)) out[n++] = target;
    }
    return n;
}

void Position::ant(int piece, int start, MoveList& out) {
    Scratch& s = *scratch_;
    uint32_t mark = s.next_mark();
    int frontier[CELLS];
    int size = 0;
    frontier[size++] = start;
    s.mark[start] = mark;
    while (size > 0) {
        int cell = frontier[--size];
        for (int d = 0; d < 6; ++d) {
            int target = step(cell, d);
            if (s.mark[target] == mark || height_[target]) continue;
            if ((height_[step(cell, left_of(d))] != 0) != (height_[step(cell, right_of(d))] != 0)) {
                s.mark[target] = mark;
                frontier[size++] = target;
                add(out, piece, target);
            }
        }
    }
}

void Position::spider(int piece, int start, MoveList& out) {
    int first[6], second[6], third[6];
    int n1 = slides(start, first);
    for (int i = 0; i < n1; ++i) {
        int n2 = slides(first[i], second);
        for (int j = 0; j < n2; ++j) {
            if (second[j] == start) continue;
            int n3 = slides(second[j], third);
            for (int k = 0; k < n3; ++k)
                if (third[k] != first[i] && third[k] != start) add(out, piece, third[k]);
        }
    }
}

void Position::grasshopper(int piece, int cell, MoveList& out) {
    for (int d = 0; d < 6; ++d) {
        int target = step(cell, d);
        if (!height_[target]) continue;
        int guard = 0;
        while (height_[target] && guard++ < CELLS) target = step(target, d);
        add(out, piece, target);
    }
}

int Position::beetle_steps(int cell, int* out) const {
    int current = height_[cell];
    int n = 0;
    for (int d = 0; d < 6; ++d) {
        int target = step(cell, d);
        int dest = height_[target];
        int left = height_[step(cell, left_of(d))];
        int right = height_[step(cell, right_of(d))];
        if (current == 0 && dest == 0 && left == 0 && right == 0) continue;
        if (dest < left && dest < right && current < left && current < right) continue;
        out[n++] = target;
    }
    return n;
}

void Position::ladybug(int piece, int start, MoveList& out) {
    int first[6], second[6], third[6];
    int n1 = beetle_steps(start, first);
    for (int i = 0; i < n1; ++i) {
        if (!height_[first[i]]) continue;
        int n2 = beetle_steps(first[i], second);
        for (int j = 0; j < n2; ++j) {
            if (!height_[second[j]]) continue;
            int n3 = beetle_steps(second[j], third);
            for (int k = 0; k < n3; ++k)
                if (!height_[third[k]] && third[k] != start) add(out, piece, third[k]);
        }
    }
}

uint64_t Position::perft(int depth) {
    if (depth <= 0) return 1;
    MoveList moves;
    generate(moves);
    if (depth == 1) return static_cast<uint64_t>(moves.size);
    uint64_t total = 0;
    for (Move m : moves) {
        play(m);
        total += perft(depth - 1);
        undo();
    }
    return total;
}

}  // namespace hive
