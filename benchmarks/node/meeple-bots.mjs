// The bots of benchmarks/server_load.py (and server_abuse.py) in Node, so that the load generator does
// not eat the cores the server is measured on (the Python bots used about 3x the CPU of these).
//
// Same behaviour as server_load.py's Python bots: N online rooms created over HTTP (their second seat
// joined), one bot per seat over its own websocket; a bot whose state says it is to move waits a think
// time (uniform 0.5-1.5 x think), picks a random legal move and sends it; a move's round trip is the time
// from sending it to the state at the new version. A finished game is replaced by a new room.
//
// Usage: node meeple-bots.mjs CONFIG.json — CONFIG: {bases: [url, ...], games, seconds, think, game,
// options, spread, seed}. With several bases (a cluster), table t is created on base t mod N and its seat
// i plays through base (t + i) mod N. Protocol on stdio: prints "ready" once every table is created, waits
// for a "go" line, plays for `seconds` (or until a "stop" line), then prints one JSON line:
// {round_trips: [s], completed_at: [epoch s], errors: [code], games_finished, cpu_seconds}.
// Only 127.0.0.1 is contacted.

import WebSocket from "ws";
import { figures, gated, mulberry32, post, readConfig, roundTrip, run, timeIsUp } from "./bots-common.mjs";

const config = readConfig();

function tableAddress(index) {
  // as server_load.table_address: each table claims its own address through the trusted loopback proxy
  return `10.${Math.floor(index / 250) % 250}.${index % 250}.1`;
}

function pickMove(state, rng) {
  const choice = (items) => items[Math.floor(rng() * items.length)];
  if (state.legal && state.legal.length) return choice(state.legal);
  if (config.game === "hive") {
    const choices = [];
    for (const [piece, targets] of Object.entries(state.view.targets)) {
      for (const target of targets) choices.push([piece, target]);
    }
    if (!choices.length) return { pass: true };
    const [piece, [q, r, swap]] = choice(choices);
    return swap ? { piece, to: [q, r], swap: true } : { piece, to: [q, r] };
  }
  throw new Error(`no bot for ${config.game}: it sends no legal moves`);
}

async function newTable(base, headers) {
  return gated(async () => {
    const room = await post(`${base}/api/rooms`, { game: config.game, options: config.options, mode: "online" }, headers);
    const joined = await post(`${base}/api/rooms/${room.code}/join`, {}, headers);
    return { code: room.code, tokens: [room.token, joined.token] };
  });
}

function bot(url, token, seed, headers) {
  // resolves true when the game ended, false when time is up
  return new Promise((resolve) => {
    const rng = mulberry32(seed);
    const socket = new WebSocket(url, { headers, maxPayload: 4 * 1024 * 1024, perMessageDeflate: false });
    let sentAt = null;
    let waitingFor = -1;
    let thinking = null;
    let done = false;
    const finish = (ended) => {
      if (done) return;
      done = true;
      clearTimeout(thinking);
      clearInterval(watch);
      socket.close();
      resolve(ended);
    };
    const watch = setInterval(() => { if (timeIsUp()) finish(false); }, 100);
    socket.on("open", () => socket.send(JSON.stringify({ type: "hello", token })));
    socket.on("error", (error) => { figures.errors.push(`socket ${error.code || error.message}`); finish(false); });
    socket.on("close", () => finish(false));
    socket.on("message", (data) => {
      const message = JSON.parse(data);
      if (message.type === "error") {
        figures.errors.push(message.error);
        sentAt = null;
        return;
      }
      if (message.type !== "state") return;
      if (sentAt !== null && message.version >= waitingFor) {
        roundTrip(sentAt);
        sentAt = null;
      }
      if (message.outcome !== null) {
        finish(true);
        return;
      }
      if (message.to_move === message.seat && message.seats.includes(message.seat) && sentAt === null
          && message.version >= waitingFor && thinking === null) {
        const think = (0.5 + rng()) * config.think * 1000;
        thinking = setTimeout(() => {
          thinking = null;
          if (done) return;
          const move = pickMove(message, rng);
          waitingFor = message.version + 1;
          sentAt = performance.now();
          socket.send(JSON.stringify({ type: "move", version: message.version, move }));
        }, think);
      }
    });
  });
}

async function oneTable(index, table) {
  const bases = config.bases;
  const home = bases[index % bases.length];
  const headers = config.spread ? { "X-Forwarded-For": tableAddress(index) } : {};
  let round = 0;
  while (!timeIsUp()) {
    const urls = table.tokens.map((_token, seat) =>
      `${bases[(index + seat) % bases.length].replace("http://", "ws://")}/ws/rooms/${table.code}`);
    const results = await Promise.all(table.tokens.map((token, seat) =>
      bot(urls[seat], token, (config.seed + index) * 1000 + round * 2 + seat, headers)));
    if (results.some(Boolean)) figures.games_finished += 1;
    round += 1;
    if (!timeIsUp()) {
      try {
        table = await newTable(home, headers);
      } catch (error) {
        figures.errors.push(`create ${error.message}`);
        return;
      }
    }
  }
}

await run(config, (index) => newTable(config.bases[index % config.bases.length],
  config.spread ? { "X-Forwarded-For": tableAddress(index) } : {}), oneTable);
