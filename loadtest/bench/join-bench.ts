/**
 * Quick-play join benchmark (docs/BENCHMARKS.md): a real server process on loopback, SDK clients
 * calling `joinOrCreate` for 4-seat Devil's Scat tables at a fixed rate. A join counts as done
 * when the server says which seat the client holds. Prints join p50/p99 and failures per rate.
 *
 * Env: RATES (default "20,50,100,200" joins/s), SECONDS per rate (5), BASE_URL (an already
 * running server or cluster instead of starting one).
 */
import { Client, type Room } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { startServerProcess } from "../../cluster/server-process.ts";
import { fmt, percentile } from "../src/stats.ts";

const RATES = (process.env.RATES ?? "20,50,100,200").split(",").map(Number);
const SECONDS = Number(process.env.SECONDS ?? 5);

const base = { name: "Bench", seats: 4, bots: 0, turnSeconds: 120, variants: {} };
/** The SDK can also report a refused join from inside its socket handlers: count those too. */
let strayErrors = 0;
process.on("unhandledRejection", () => {
  strayErrors++;
});
process.on("uncaughtException", () => {
  strayErrors++;
});
const options = { ...base, mode: quickPlayKey(base) };

async function joinOnce(sdk: Client): Promise<{ ms: number; room: Room }> {
  const start = performance.now();
  const room = await sdk.joinOrCreate("devils_scat", options);
  await new Promise<void>((resolve) => room.onMessage("seated", () => resolve()));
  room.onMessage("*", () => {});
  return { ms: performance.now() - start, room };
}

async function runRate(url: string, rate: number): Promise<void> {
  const sdk = new Client(url);
  const total = rate * SECONDS;
  strayErrors = 0;
  const joins: Promise<{ ms: number; room: Room }>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    joins.push(joinOnce(sdk));
  }
  const settled = await Promise.allSettled(
    joins.map((j) =>
      Promise.race([j, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no seat within 30 s")), 30_000))]),
    ),
  );
  const ok = settled.filter((s) => s.status === "fulfilled").map((s) => (s as PromiseFulfilledResult<{ ms: number; room: Room }>).value);
  const errors = settled.filter((s) => s.status === "rejected").map((s) => String((s as PromiseRejectedResult).reason).slice(0, 80));
  const ms = ok.map((j) => j.ms);
  const tables = new Set(ok.map((j) => j.room.roomId)).size;
  console.log(
    `| ${rate} | ${total} | ${fmt(percentile(ms, 50))} | ${fmt(percentile(ms, 99))} | ${errors.length} | ${tables} |${strayErrors ? ` (${strayErrors} errors reported by the SDK outside the join call)` : ""}`,
  );
  if (errors.length > 0) console.log(`  first errors: ${[...new Set(errors)].slice(0, 3).join(" / ")}`);
  await Promise.all(ok.map((j) => j.room.leave().catch(() => undefined)));
}

const external = process.env.BASE_URL;
const server = external
  ? null
  : await startServerProcess({ MATCHMAKE_RATE_PER_SECOND: "100000", MATCHMAKE_BURST: "100000", LOG_LEVEL: "error" });
const url = external ?? server!.url;
console.log(`quick-play joins against ${url}, ${SECONDS} s per rate`);
console.log("| joins/s | joins | join p50 ms | join p99 ms | failed | tables |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const rate of RATES) await runRate(url, rate);
await server?.stop();
