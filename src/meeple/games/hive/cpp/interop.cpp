// Hive's action ids and observations (see interop.hpp and meeple/interop/spaces.py, HiveSpace).
#include "interop.hpp"

#include <cstring>

namespace hive {

int action_of(const Position& pos, Move m) {
    const int pieces = pos.pieces();
    const int lone = ACTION_SLOTS * pieces * pieces;
    if (m == PASS) return lone + pieces;
    const int piece = move_piece(m), dest = move_dest(m);
    bool empty = true;
    for (int p = 0; p < pieces && empty; ++p) empty = pos.cell(p) < 0;
    if (empty) return lone + piece;
    if (move_swap(m)) return (piece * pieces + pos.top(dest)) * ACTION_SLOTS + 7;
    if (pos.occupied(dest)) return (piece * pieces + pos.top(dest)) * ACTION_SLOTS + 6;
    // the lowest-id piece in the six cells around the destination, other than the mover
    int reference = 32, slot = 0;
    for (int d = 0; d < 6; ++d) {
        int near = step(dest, d);
        for (int level = 0; level < pos.height(near); ++level) {
            int p = pos.at(near, level);
            if (p != piece && p < reference) {
                reference = p;
                slot = (d + 3) % 6;  // the direction from the reference's cell to the destination
            }
        }
    }
    return (piece * pieces + reference) * ACTION_SLOTS + slot;
}

void observe(const Position& pos, float* out) {
    const int pieces = pos.pieces();
    std::memset(out, 0, sizeof(float) * observation_size(pieces));
    int anchor = -1;
    for (int p = 0; p < pieces && anchor < 0; ++p)
        if (pos.cell(p) >= 0) anchor = p;
    const int aq = anchor >= 0 ? pos.q(anchor) : 0, ar = anchor >= 0 ? pos.r(anchor) : 0;
    const double size = pieces;  // divided in double then rounded once, as numpy stores Python's floats
    for (int p = 0; p < pieces; ++p) {
        float* row = out + p * PIECE_FEATURES;
        int cell = pos.cell(p);
        if (cell < 0) {
            row[0] = 1.0f;
            continue;
        }
        row[1] = 1.0f;
        row[2] = static_cast<float>((pos.q(p) - aq) / size);
        row[3] = static_cast<float>((pos.r(p) - ar) / size);
        row[4] = static_cast<float>(pos.level(p) / size);
        row[5] = pos.top(cell) == p ? 1.0f : 0.0f;
        for (int i = 0; i < pos.last_count(); ++i)
            if (pos.last(i) == p) row[6] = 1.0f;
    }
    float* tail = out + pieces * PIECE_FEATURES;
    tail[0] = static_cast<float>(pos.ply() & 1);
    int turn = pos.ply() / 2;
    tail[1 + (turn < 4 ? turn : 4)] = 1.0f;
}

}  // namespace hive
