// boardgame.io's own server (Koa + socket.io, matches in memory: its default store) serving the trivial
// game of bgio-game.mjs on 127.0.0.1:PORT. Usage: node bgio-server.mjs PORT. Benchmarks only.
import { createRequire } from "node:module";
import { Race } from "./bgio-game.mjs";

const { Server, Origins } = createRequire(import.meta.url)("boardgame.io/server");
const port = Number(process.argv[2]);
const app = Server({ games: [Race], origins: [Origins.LOCALHOST] });
await app.run({ port, callback: () => process.stdout.write(`listening ${port}\n`) });
