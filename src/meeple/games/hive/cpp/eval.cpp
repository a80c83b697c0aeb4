// The static evaluation (see eval.hpp).
#include "eval.hpp"

#include "weights.hpp"

namespace hive {

namespace {

const char* const NAMES[FEATURE_COUNT] = {
    "queen_touched_1", "queen_touched_2", "queen_touched_3", "queen_touched_4", "queen_touched_5",
    "queen_enemy_near", "queen_own_stuck", "queen_covered", "queen_can_slide",
    "movable_queen", "movable_spider", "movable_beetle", "movable_grasshopper", "movable_ant",
    "movable_mosquito", "movable_ladybug", "movable_pillbug", "movable_centipede",
    "hand_queen", "hand_spider", "hand_beetle", "hand_grasshopper", "hand_ant",
    "hand_mosquito", "hand_ladybug", "hand_pillbug", "hand_centipede",
    "on_top", "gaps_reachable", "pillbug_guard", "drop_near_queen", "tempo",
};

// Whether a ground crawler on ``cell`` could slide at all (its own cell counted empty).
bool can_slide(const Position& pos, int cell) {
    for (int d = 0; d < 6; ++d) {
        int target = step(cell, d);
        if (pos.occupied(target)) continue;
        bool left = pos.occupied(step(cell, (d + 5) % 6));
        bool right = pos.occupied(step(cell, (d + 1) % 6));
        if (left != right) return true;
    }
    return false;
}

// Whether ``colour`` may place a piece on the empty ``cell`` (it touches none of the opponent's tops).
bool placeable(const Position& pos, int cell, int colour) {
    bool touches_own = false;
    for (int d = 0; d < 6; ++d) {
        int near = step(cell, d);
        if (!pos.occupied(near)) continue;
        if (pos.colour(pos.top(near)) != colour) return false;
        touches_own = true;
    }
    return touches_own;
}

// Empty cells next to ``queen_cell`` that a slider could enter from outside the ring.
int open_gaps(const Position& pos, int queen_cell) {
    int gaps = 0;
    for (int d = 0; d < 6; ++d) {
        int gap = step(queen_cell, d);
        if (pos.occupied(gap)) continue;
        for (int e = 0; e < 6; ++e) {
            int outside = step(gap, e);
            if (pos.occupied(outside)) continue;
            bool left = pos.occupied(step(gap, (e + 5) % 6));
            bool right = pos.occupied(step(gap, (e + 1) % 6));
            if (left != right) {
                ++gaps;
                break;
            }
        }
    }
    return gaps;
}

bool adjacent(int a, int b) {
    for (int d = 0; d < 6; ++d)
        if (step(a, d) == b) return true;
    return false;
}

// One side's half of the features (added with ``sign``: +1 for the side to move, -1 for the other).
void side_features(Position& pos, int colour, uint32_t pinned, int sign, Features& out) {
    const int queen = pos.queen(colour);
    const int queen_cell = pos.cell(queen);
    const int rival_cell = pos.cell(pos.queen(1 - colour));
    const int first = colour * (pos.pieces() / 2), count = pos.pieces() / 2;
    int runners = 0;
    bool placed_any_in_hand = false;
    for (int p = first; p < first + count; ++p) {
        int cell = pos.cell(p);
        Bug b = pos.bug(p);
        if (cell < 0) {
            out[F_HAND + b] += sign;
            placed_any_in_hand = true;
            continue;
        }
        int h = pos.height(cell);
        bool on_top = pos.at(cell, h - 1) == p;
        if (!on_top) continue;
        if (h > 1) {
            out[F_ON_TOP] += sign;
            out[F_MOVABLE + b] += sign;
            continue;
        }
        if ((pinned >> p) & 1u) continue;
        bool crawler = b == QUEEN || b == SPIDER || b == ANT || b == PILLBUG || b == CENTIPEDE;
        if (crawler && b != CENTIPEDE && !can_slide(pos, cell)) continue;
        if (queen_cell < 0) continue;  // nothing moves before its queen is placed
        out[F_MOVABLE + b] += sign;
        if ((b == ANT || b == SPIDER || b == MOSQUITO) && rival_cell >= 0 && !adjacent(cell, rival_cell)) ++runners;
    }
    if (queen_cell >= 0) {
        int touched = 0;
        for (int d = 0; d < 6; ++d) {
            int near = step(queen_cell, d);
            if (!pos.occupied(near)) continue;
            ++touched;
            int top = pos.top(near);
            if (pos.colour(top) != colour) {
                out[F_QUEEN_ENEMY_NEAR] += sign;
            } else if (pos.height(near) == 1 && ((pinned >> top) & 1u)) {
                out[F_QUEEN_OWN_STUCK] += sign;
            }
            if (pos.colour(top) == colour && pos.bug(top) == PILLBUG && pos.height(queen_cell) == 1 &&
                pos.height(near) == 1)
                out[F_PILLBUG_GUARD] += sign;
        }
        for (int k = 1; k <= 5; ++k)
            if (touched >= k) out[F_QUEEN_TOUCHED_1 + k - 1] += sign;
        if (pos.height(queen_cell) > 1) out[F_QUEEN_COVERED] += sign;
        else if (!((pinned >> queen) & 1u) && can_slide(pos, queen_cell)) out[F_QUEEN_CAN_SLIDE] += sign;
    }
    if (rival_cell >= 0 && queen_cell >= 0) {
        int gaps = open_gaps(pos, rival_cell);
        out[F_GAPS_REACHABLE] += sign * (gaps < runners ? gaps : runners);
    }
    if (rival_cell >= 0 && placed_any_in_hand) {
        int drops = 0;
        for (int d = 0; d < 6; ++d) {
            int cell = step(rival_cell, d);
            if (!pos.occupied(cell) && placeable(pos, cell, colour)) ++drops;
        }
        out[F_DROP_NEAR_QUEEN] += sign * drops;
    }
}

}  // namespace

const char* feature_name(int index) { return index >= 0 && index < FEATURE_COUNT ? NAMES[index] : "?"; }

const Weights& default_weights() { return DEFAULT_WEIGHTS; }

void features(Position& pos, Features& out) {
    out.fill(0);
    uint32_t pinned = pos.pinned();
    int me = pos.to_move();
    side_features(pos, me, pinned, 1, out);
    side_features(pos, 1 - me, pinned, -1, out);
    out[F_TEMPO] = 1;
}

int evaluate(Position& pos, const Weights& weights) {
    Features f;
    features(pos, f);
    int score = 0;
    for (int i = 0; i < FEATURE_COUNT; ++i) score += weights[i] * f[i];
    return score;
}

}  // namespace hive
