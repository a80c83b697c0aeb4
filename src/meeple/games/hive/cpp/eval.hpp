// The static evaluation: a weighted sum of position features, for the side to move.
//
// Every feature is "mine minus the opponent's", so the value is antisymmetric; the weights are tuned by
// measurement (benchmarks/hive_tune.py: a logistic fit of game results on these features, Texel's
// method, on positions from self-play and from games against nokamute). features() exposes the
// vector to Python for that fit.
#pragma once

#include <array>
#include <string>

#include "position.hpp"

namespace hive {

enum Feature : int {
    F_QUEEN_TOUCHED_1,  // my queen has at least 1 occupied neighbour ... (cumulative: 1..5)
    F_QUEEN_TOUCHED_2,
    F_QUEEN_TOUCHED_3,
    F_QUEEN_TOUCHED_4,
    F_QUEEN_TOUCHED_5,
    F_QUEEN_ENEMY_NEAR,   // opposing pieces next to my queen
    F_QUEEN_OWN_STUCK,    // my pieces next to my queen that cannot leave (pinned or covered)
    F_QUEEN_COVERED,      // a piece on top of my queen
    F_QUEEN_CAN_SLIDE,    // my queen is free and has somewhere to slide
    F_MOVABLE_QUEEN,      // my pieces that can move, per bug (F_MOVABLE + bug)
    F_MOVABLE_SPIDER,
    F_MOVABLE_BEETLE,
    F_MOVABLE_GRASSHOPPER,
    F_MOVABLE_ANT,
    F_MOVABLE_MOSQUITO,
    F_MOVABLE_LADYBUG,
    F_MOVABLE_PILLBUG,
    F_MOVABLE_CENTIPEDE,
    F_HAND_QUEEN,         // my pieces still in hand, per bug (F_HAND + bug)
    F_HAND_SPIDER,
    F_HAND_BEETLE,
    F_HAND_GRASSHOPPER,
    F_HAND_ANT,
    F_HAND_MOSQUITO,
    F_HAND_LADYBUG,
    F_HAND_PILLBUG,
    F_HAND_CENTIPEDE,
    F_ON_TOP,             // my pieces on top of the hive (beetles, mosquitoes)
    F_GAPS_REACHABLE,     // min(free gaps at the rival queen, my free runners away from her)
    F_PILLBUG_GUARD,      // my pillbug (or a mosquito copying one) next to my free queen
    F_DROP_NEAR_QUEEN,    // empty cells next to the rival queen where I may place (she is covered by mine)
    F_TEMPO,              // 1: the side to move
    FEATURE_COUNT
};

constexpr int F_MOVABLE = F_MOVABLE_QUEEN;
constexpr int F_HAND = F_HAND_QUEEN;

using Features = std::array<int, FEATURE_COUNT>;
using Weights = std::array<int, FEATURE_COUNT>;

const char* feature_name(int index);
const Weights& default_weights();

// The features of the position for the side to move (mine minus theirs). The position must not be over.
void features(Position& pos, Features& out);
int evaluate(Position& pos, const Weights& weights);

}  // namespace hive
