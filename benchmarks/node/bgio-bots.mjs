// The boardgame.io side of the comparison (benchmarks/server_bgio.py): the same bots as meeple-bots.mjs —
// N matches of bgio-game.mjs created through boardgame.io's Lobby API, one bot per seat through
// boardgame.io's own client (socket.io), a think time of uniform 0.5-1.5 x think, a random legal move,
// the round trip from the move to the state the server sends back (the move is server-only, so the client
// does not apply it first). A finished match is replaced by a new one.
//
// Usage: node bgio-bots.mjs CONFIG.json — CONFIG: {bases: [url], games, seconds, think, seed}; the stdio
// protocol of bots-common.mjs. Only 127.0.0.1 is contacted.

import { createRequire } from "node:module";
import { figures, gated, mulberry32, post, readConfig, roundTrip, run, timeIsUp } from "./bots-common.mjs";
import { Race } from "./bgio-game.mjs";

const require = createRequire(import.meta.url);
const { Client } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");

const config = readConfig();
const base = config.bases[0];

async function newTable() {
  return gated(async () => {
    const { matchID } = await post(`${base}/games/race/create`, { numPlayers: 2 });
    const credentials = [];
    for (const playerID of ["0", "1"]) {
      credentials.push((await post(`${base}/games/race/${matchID}/join`, { playerID, playerName: `bot${playerID}` }))
        .playerCredentials);
    }
    return { matchID, credentials };
  });
}

function bot(table, playerID, seed) {
  return new Promise((resolve) => {
    const rng = mulberry32(seed);
    const client = Client({
      // websocket from the start (socket.io otherwise begins with HTTP long-polling, then upgrades)
      game: Race, multiplayer: SocketIO({ server: base, socketOpts: { transports: ["websocket"] } }),
      matchID: table.matchID, playerID,
      credentials: table.credentials[Number(playerID)], debug: false,
    });
    let sentAt = null;
    let sentFrom = -1;
    let thinking = null;
    let done = false;
    const finish = (ended) => {
      if (done) return;
      done = true;
      clearTimeout(thinking);
      clearInterval(watch);
      client.stop();
      resolve(ended);
    };
    const watch = setInterval(() => { if (timeIsUp()) finish(false); }, 100);
    client.subscribe((state) => {
      if (done || state === null) return;
      if (sentAt !== null && state._stateID > sentFrom) {
        roundTrip(sentAt);
        sentAt = null;
      }
      if (state.ctx.gameover) {
        finish(true);
        return;
      }
      if (state.ctx.currentPlayer === playerID && sentAt === null && thinking === null && state._stateID > sentFrom) {
        thinking = setTimeout(() => {
          thinking = null;
          if (done) return;
          sentFrom = state._stateID;
          sentAt = performance.now();
          client.moves.add(1 + Math.floor(rng() * 3));
        }, (0.5 + rng()) * config.think * 1000);
      }
    });
    client.start();
  });
}

async function oneTable(index, table) {
  let round = 0;
  while (!timeIsUp()) {
    const results = await Promise.all(["0", "1"].map((playerID, seat) =>
      bot(table, playerID, (config.seed + index) * 1000 + round * 2 + seat)));
    if (results.some(Boolean)) figures.games_finished += 1;
    round += 1;
    if (!timeIsUp()) {
      try {
        table = await newTable();
      } catch (error) {
        figures.errors.push(`create ${error.message}`);
        return;
      }
    }
  }
}

await run(config, newTable, oneTable);
