// What the two load generators share (meeple-bots.mjs, bgio-bots.mjs): the figures, a seeded random
// generator, at most 8 HTTP requests at once, and the stdio protocol with the Python benchmark that
// drives them: "ready" once the tables exist, play on "go", stop on "stop" or after `seconds`, then one
// JSON line {round_trips: [s], completed_at: [epoch s], errors, games_finished, cpu_seconds}.

import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

export const figures = { round_trips: [], completed_at: [], errors: [], games_finished: 0 };
export const clock = { stopAt: Infinity, stopping: false };

export function readConfig() {
  const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
  for (const base of config.bases) {
    if (!base.startsWith("http://127.0.0.1:")) throw new Error(`bots talk to 127.0.0.1 only, not ${base}`);
  }
  return config;
}

export function timeIsUp() {
  return clock.stopping || Date.now() >= clock.stopAt;
}

export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let inFlight = 0;
const waiting = [];
export async function gated(work) {
  while (inFlight >= 8) await new Promise((resolve) => waiting.push(resolve));
  inFlight += 1;
  try {
    return await work();
  } finally {
    inFlight -= 1;
    waiting.shift()?.();
  }
}

export async function post(url, body, headers = {}) {
  const response = await fetch(url, {
    method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${data.error}`);
  return data;
}

export function roundTrip(sentAt) {
  figures.round_trips.push((performance.now() - sentAt) / 1000);
  figures.completed_at.push(Date.now() / 1000);
}

// Create `games` tables, say "ready", wait for "go", keep each table in play with playTable(index, table)
// until time is up, then print the figures.
export async function run(config, newTable, playTable) {
  const lines = createInterface({ input: process.stdin });
  const go = new Promise((resolve) => {
    lines.on("line", (line) => {
      if (line.trim() === "go") resolve();
      if (line.trim() === "stop") clock.stopping = true;
    });
  });
  const tables = await Promise.all(Array.from({ length: config.games }, (_value, index) => newTable(index)));
  process.stdout.write("ready\n");
  await go;
  clock.stopAt = Date.now() + config.seconds * 1000;
  await Promise.all(tables.map((table, index) => playTable(index, table)));
  const usage = process.cpuUsage();
  lines.close();
  // exit only once the line is written: a pipe takes it asynchronously, and exit would cut it
  process.stdout.write(JSON.stringify({ ...figures, cpu_seconds: (usage.user + usage.system) / 1e6 }) + "\n",
    () => process.exit(0));
}
