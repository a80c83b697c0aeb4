// Hive's action ids and observation vector for OpenSpiel / PettingZoo, computed natively. They are the
// encodings of meeple.interop.spaces.HiveSpace exactly (docs/interop.md); tests/interop compares both.
#pragma once

#include "position.hpp"

namespace hive {

constexpr int ACTION_SLOTS = 8;  // per (piece, reference): 6 directions, on top, swap
constexpr int PIECE_FEATURES = 7;

inline int action_count(int pieces) { return ACTION_SLOTS * pieces * pieces + pieces + 1; }
inline int observation_size(int pieces) { return pieces * PIECE_FEATURES + 6; }

// The canonical action id of ``m``, a legal move of ``pos`` (before it is played).
int action_of(const Position& pos, Move m);
// Writes the observation of ``pos`` (the same for both seats: Hive hides nothing) into ``out``.
void observe(const Position& pos, float* out);

}  // namespace hive
