// The trivial game of the boardgame.io comparison (benchmarks/server_bgio.py): two players in turn add
// 1, 2 or 3 to a shared total; whoever brings it to TARGET wins (about 75 moves a game, a random Hive game's
// order of length). Its move is server-only (client: false), so a bot sees its move once the server has
// applied it, as meeple's bots do, not at once from the client's own optimistic update.
import { createRequire } from "node:module";

// boardgame.io ships CommonJS packages by folder, which ES modules cannot import directly
const { INVALID_MOVE } = createRequire(import.meta.url)("boardgame.io/core");

export const TARGET = 150;

export const Race = {
  name: "race",
  setup: () => ({ total: 0 }),
  moves: {
    add: {
      move: ({ G }, amount) => {
        if (![1, 2, 3].includes(amount)) return INVALID_MOVE;
        G.total += amount;
      },
      client: false,
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G, ctx }) => (G.total >= TARGET ? { winner: ctx.currentPlayer } : undefined),
};
