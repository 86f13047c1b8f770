/**
 * A Dark Hand call held by the call race survives its process (docs/FAIRNESS.md, "The
 * call race"): a process with a file journal is killed (SIGKILL) while a call is held (the race
 * waits for a far player's call that could still be faster); the held call is in the journal,
 * and the process started next on the same DATA_DIR resumes the table and judges it: the call is
 * applied (journalled as the table's next step) and its caller, taking the seat back, holds the Joker.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, type Room } from "@colyseus/sdk";
import { afterAll, expect, it } from "vitest";
import { decodeJournal, type JournalEntry } from "../src/durable/journal.ts";
import { until } from "./helpers.ts";
import { startServerProcess, type ServerProcess } from "./support/server-process.ts";
import { reclaim, type Player } from "./support/resume-play.ts";

const started: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
});

interface Entry {
  k: string;
  i?: number;
  seat?: number | null;
  action?: { type: string; shade?: string } | null;
}

it("reads back as held only the presses no step came after, one per seat", () => {
  const header = { k: "h", game: "dark_hand", options: {}, seed: "s", salt: "t", startedAt: 0, seats: [] } as const;
  const held = (i: number, seat: number, reactionMs: number) =>
    ({
      k: "c",
      i,
      seat,
      action: { type: "call", shade: "dark" },
      reactionMs,
      source: "claim",
      estimateMs: reactionMs + 5,
      arrivedMs: reactionMs + 40,
    }) as const;
  const step = (i: number) => ({ k: "s", i, seat: 0, action: { type: "call", shade: "dark" }, now: 100 + i }) as const;
  // Held at 1, released by step 1: gone. Held at 2 (twice: a rewrite repeats it) and another seat's: held.
  const entries: JournalEntry[] = [header, step(0), held(1, 0, 300), step(1), held(2, 1, 250), held(2, 1, 250), held(2, 0, 400)];
  expect(decodeJournal("T", entries).held).toEqual([
    { seat: 1, action: { type: "call", shade: "dark" }, reactionMs: 250, source: "claim", estimateMs: 255, arrivedMs: 290 },
    { seat: 0, action: { type: "call", shade: "dark" }, reactionMs: 400, source: "claim", estimateMs: 405, arrivedMs: 440 },
  ]);
  expect(decodeJournal("T", entries.slice(0, 4)).held).toBeUndefined();
});

it("a call held when the process is killed is judged by the resumed table", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "scat-held-"));
  // The page's pongs set the round trip (no transport frames): the far player looks 180 ms away,
  // so the race holds a call for up to 200 ms for the far player's call that could be faster.
  const env = { DATA_DIR: dataDir, DELAY_SIMULATED: "1" };
  const first = await startServerProcess(env);
  started.push(first);
  const base = { seats: 2, bots: 0, turnSeconds: 60, private: true, variants: {} };
  const join = async (name: string, playerId: string, roomId?: string): Promise<{ room: Room; seat: number }> => {
    const sdk = new Client(first.url);
    const room = roomId ? await sdk.joinById(roomId, { name, playerId }) : await sdk.create("dark_hand", { ...base, name, playerId });
    room.onMessage("*", () => undefined);
    const seat = await new Promise<number>((resolve) => room.onMessage("seated", (m: { seat: number }) => resolve(m.seat)));
    return { room, seat };
  };
  const near = await join("Near", "player-near-0001");
  near.room.onMessage("ping", (m: { s: number }) => near.room.send("pong", { s: m.s, c: Date.now() }));
  const far = await join("Far", "player-far-0001", near.room.roomId);
  let farPongs = 0;
  far.room.onMessage("ping", (m: { s: number }) => {
    const c = Date.now() + 90;
    setTimeout(() => {
      farPongs++;
      far.room.send("pong", { s: m.s, c });
    }, 180);
  });
  const journal = path.join(dataDir, "tables", `${near.room.roomId}.jsonl`);
  const entries = (): Entry[] => {
    try {
      return readFileSync(journal, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Entry);
    } catch {
      return [];
    }
  };
  await until(() => entries().some((e) => e.k === "h") && farPongs >= 2, "the deal and the far player's delay measured", 15_000);
  const steps = entries().filter((e) => e.k === "s").length;

  // The process runs in slices of a few ms (SIGCONT, a busy wait, SIGSTOP) until the held call is
  // in its journal, then it is killed: the race holds the call for up to 200 ms of wall time, far
  // longer than a slice, so the kill comes while it is held however loaded this machine is (an
  // asynchronous watch here could wake after the race had closed).
  const pid = first.child.pid!;
  near.room.send("action", { type: "call", shade: "dark" });
  process.kill(pid, "SIGSTOP");
  for (let slice = 0; !entries().some((e) => e.k === "c"); slice++) {
    if (slice > 5_000) throw new Error("the call never reached the journal");
    process.kill(pid, "SIGCONT");
    for (const end = performance.now() + 3; performance.now() < end;) {
      /* the server runs */
    }
    process.kill(pid, "SIGSTOP");
  }
  first.child.kill("SIGKILL");
  await new Promise((r) => first.child.once("exit", r));
  const before = entries();
  expect(before.filter((e) => e.k === "c")).toMatchObject([{ k: "c", i: steps, seat: near.seat, action: { type: "call", shade: "dark" } }]);
  expect(before.filter((e) => e.k === "s").length, "the call was not applied before the kill").toBe(steps);

  const second = await startServerProcess(env);
  started.push(second);
  // The resumed table judges the held call at once: the call is its next step.
  const applied = await until(() => entries().find((e) => e.k === "s" && e.i === steps), "the held call applied on the resume", 15_000);
  expect(applied).toMatchObject({ seat: near.seat, action: { type: "call", shade: "dark" } });
  const p: Player = {
    room: near.room,
    roomId: near.room.roomId,
    name: "Near",
    playerId: "player-near-0001",
    seat: near.seat,
    seen: 0,
    gameLog: null,
    rejected: 0,
  };
  const back = await reclaim(second.url, p);
  back.onMessage("*", () => undefined);
  // The table's public facts: the dark Joker is the caller's.
  await until(() => {
    const jokers = (back.state as { info?: { jokers?: { dark?: number | null; toJSON?: () => { dark?: number | null } } } }).info?.jokers;
    return (jokers?.toJSON?.().dark ?? jokers?.dark) === near.seat;
  }, "the caller holds the dark Joker");
  await back.leave();
}, 60_000);
