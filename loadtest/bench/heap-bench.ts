/**
 * Where a connected player's memory goes (docs/benchmarks/state.md, "Typed state"): our server and the
 * bare Colyseus room (bench/bare-server.ts) as real processes, PLAYERS SDK clients seated at
 * 4-seat Devil's Scat tables that answer pings and make no move (the tables are dealt). A heap
 * snapshot (after a full collection) before and after seating, summed per constructor, gives the
 * bytes per player of each kind of object on each server and the kinds where ours costs more.
 *
 * Env: PLAYERS (80), WARMUP (seconds after seating, 8), TOP (rows, 30), SNAPSHOT_DIR (keeps the
 * snapshots with players seated, to open in Chrome's DevTools), WARM (players seated and gone
 * before the first snapshot, 8: what a process loads once, on its first tables, is not counted
 * per player; 0 = off), BARE_ENCODE_BUFFER_KB (the bare room's `Encoder.BUFFER_SIZE` in KiB;
 * unset = Colyseus' default, the baseline; set to ours, 4, to see what the frame itself costs),
 * RESIDENT=1 (no snapshots: the process's resident memory, VmRSS, after full collections before
 * and after seating; a snapshot itself leaves the process larger, so this is a run of its own).
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, type Room } from "@colyseus/sdk";
import { quickPlayKey } from "@scat/shared";
import { freePort, ROOT } from "../../cluster/server-process.ts";
import { inspect } from "../src/inspector.ts";
import { growth, heapSummary, type HeapSummary } from "./heap-snapshot.ts";

const PLAYERS = Number(process.env.PLAYERS ?? 80);
const WARMUP = Number(process.env.WARMUP ?? 8);
const TOP = Number(process.env.TOP ?? 30);
const WARM = Number(process.env.WARM ?? 8);
const RESIDENT = process.env.RESIDENT === "1";
const SEATS = 4;

async function start(script: string, env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--inspect=127.0.0.1:0", "--import", "tsx", script], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "error",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "scat-heap-")),
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let text = "";
  child.stderr?.on("data", (d: Buffer) => {
    text = (text + d.toString()).slice(-20_000);
  });
  const url = `http://127.0.0.1:${port}`;
  for (const end = Date.now() + 60_000; ;) {
    if (child.exitCode !== null) throw new Error(`${script} exited early: ${text}`);
    try {
      await fetch(url);
      break;
    } catch {
      /* not yet */
    }
    if (Date.now() > end) throw new Error(`${script} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    output: () => text,
    stop: () => {
      child.kill("SIGTERM");
    },
  };
}

async function seat(url: string, bare: boolean, players = PLAYERS): Promise<Room[]> {
  const sdk = new Client(url);
  const base = { seats: SEATS, bots: 0, turnSeconds: 120, variants: {} };
  const rooms: Room[] = [];
  for (let i = 0; i < players; i += 20) {
    const n = Math.min(20, players - i);
    rooms.push(
      ...(await Promise.all(
        Array.from({ length: n }, async (_, k) => {
          const room = bare
            ? await sdk.joinOrCreate("bare", {})
            : await sdk.joinOrCreate("devils_scat", { ...base, name: `H${i + k}`, mode: quickPlayKey(base) });
          room.onMessage("ping", (m: { s?: number }) => room.send("pong", { s: m.s, c: Date.now() }));
          room.onMessage("*", () => undefined);
          return room;
        }),
      )),
    );
  }
  return rooms;
}

/** Bytes of JavaScript objects: compiled code (warm-up) and native buffers left out. */
function objectBytes(summary: HeapSummary): number {
  let n = 0;
  for (const [key, e] of summary) if (!key.startsWith("code:") && !key.startsWith("native:")) n += e.bytes;
  return n;
}

/** VmRSS in KiB after two full collections. */
async function residentAfterGc(pid: number, serverOutput: string): Promise<number> {
  const s = await inspect(serverOutput);
  try {
    await s.call("HeapProfiler.collectGarbage");
    await s.call("HeapProfiler.collectGarbage");
  } finally {
    s.close();
  }
  await new Promise((r) => setTimeout(r, 500));
  return Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN);
}

async function measure(name: string, script: string, bare: boolean): Promise<HeapSummary> {
  const bareBuffer = process.env.BARE_ENCODE_BUFFER_KB ? { ENCODE_BUFFER_KB: process.env.BARE_ENCODE_BUFFER_KB } : {};
  const proc = await start(script, bare ? bareBuffer : { MATCHMAKE_RATE_PER_SECOND: "100000", MATCHMAKE_BURST: "100000" });
  try {
    await new Promise((r) => setTimeout(r, 1000));
    if (WARM > 0) {
      // Modules and per-process caches first used by a table load here, not in the players' figure.
      const warm = await seat(proc.url, bare, WARM);
      await new Promise((r) => setTimeout(r, 2500));
      await Promise.all(warm.map((r) => r.leave().catch(() => undefined)));
      await new Promise((r) => setTimeout(r, 2500));
    }
    if (RESIDENT) {
      const before = await residentAfterGc(proc.pid, proc.output());
      const rooms = await seat(proc.url, bare);
      await new Promise((r) => setTimeout(r, WARMUP * 1000));
      const after = await residentAfterGc(proc.pid, proc.output());
      console.log(
        `\n${name}: ${PLAYERS} players, resident ${(before / 1024).toFixed(1)} -> ${(after / 1024).toFixed(1)} MiB, ${((after - before) / PLAYERS).toFixed(1)} KiB per player`,
      );
      await Promise.all(rooms.map((r) => r.leave().catch(() => undefined)));
      return new Map();
    }
    const save = process.env.SNAPSHOT_DIR;
    const before = await heapSummary(proc.output(), save ? path.join(save, `${bare ? "bare" : "ours"}-before.heapsnapshot`) : undefined);
    const rooms = await seat(proc.url, bare);
    await new Promise((r) => setTimeout(r, WARMUP * 1000));
    const after = await heapSummary(proc.output(), save ? path.join(save, `${bare ? "bare" : "ours"}.heapsnapshot`) : undefined);
    const per = (after.total - before.total) / PLAYERS / 1024;
    const objects = (objectBytes(after.summary) - objectBytes(before.summary)) / PLAYERS / 1024;
    console.log(
      `\n${name}: ${PLAYERS} players, heap snapshot ${(before.total / 1048576).toFixed(1)} -> ${(after.total / 1048576).toFixed(1)} MiB, ${per.toFixed(1)} KiB per player (${objects.toFixed(1)} KiB without compiled code and native buffers)`,
    );
    for (const line of growth(before.summary, after.summary, PLAYERS, TOP)) console.log(line);
    await Promise.all(rooms.map((r) => r.leave().catch(() => undefined)));
    const grown = new Map<string, { bytes: number; count: number }>();
    for (const [k, a] of after.summary) {
      const b = before.summary.get(k) ?? { bytes: 0, count: 0 };
      grown.set(k, { bytes: a.bytes - b.bytes, count: a.count - b.count });
    }
    return grown;
  } finally {
    proc.stop();
  }
}

const load = (await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" ");
console.log(`heap benchmark: ${PLAYERS} players, ${WARMUP} s after seating, load average ${load}`);
const bare = await measure("bare Colyseus", "loadtest/bench/bare-server.ts", true);
const ours = await measure("ours", "server/src/main.ts", false);
if (RESIDENT) process.exit(0);
console.log("\nours minus bare, per player:");
const empty = { bytes: 0, count: 0 };
const diff = new Map<string, { bytes: number; count: number }>();
for (const k of new Set([...bare.keys(), ...ours.keys()])) {
  const o = ours.get(k) ?? empty;
  const b = bare.get(k) ?? empty;
  diff.set(k, { bytes: o.bytes - b.bytes, count: o.count - b.count });
}
for (const line of growth(new Map(), diff, PLAYERS, TOP)) console.log(line);
const loadEnd = (await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" ");
console.log(`load average at end ${loadEnd}`);
process.exit(0);
