// The evaluation's weights, in the order of eval.hpp's Feature enum (written by benchmarks/hive_tune.py;
// how they were measured: docs/rules/hive.md, "The native search").
#pragma once

#include "eval.hpp"

namespace hive {

inline const Weights DEFAULT_WEIGHTS = {
    -10, -10, -15, -25, -40,  // queen_touched_1..5
    -5,                       // queen_enemy_near
    -10,                      // queen_own_stuck
    -30,                      // queen_covered
    8,                        // queen_can_slide
    4, 6, 10, 6, 14, 12, 10, 8, 8,  // movable Q S B G A M L P C
    0, 2, 4, 2, 6, 6, 4, 4, 4,      // in hand Q S B G A M L P C
    10,                       // on_top
    15,                       // gaps_reachable
    20,                       // pillbug_guard
    8,                        // drop_near_queen
    5,                        // tempo
};

}  // namespace hive
