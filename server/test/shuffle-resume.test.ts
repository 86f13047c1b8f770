/**
 * A table whose deal waits for the players' shuffle values when its process is killed (SIGKILL)
 * resumes from its file journal with the same commitment and the values received so far: the
 * server cannot throw away a deal it did not like by crashing. The seat that had not answered is
 * logged missing (docs/FAIRNESS.md, "Players' entropy").
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, type Room } from "@colyseus/sdk";
import { commitSeed } from "@scat/shared/fairness/commitment.ts";
import { afterAll, describe, expect, it } from "vitest";
import { until } from "./helpers.ts";
import { startServerProcess, type ServerProcess } from "./support/server-process.ts";

const started: ServerProcess[] = [];
afterAll(async () => { await Promise.all(started.map((s) => s.stop())); });

const entries = (file: string): { k: string; [key: string]: unknown }[] =>
  existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { k: string }) : [];
const seated = (room: Room) => new Promise<number>((resolve) => room.onMessage("seated", (m: { seat: number }) => resolve(m.seat)));

describe("a table killed while its deal waits for values", () => {
  it("resumes with the same commitment and the journalled values", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "scat-shuffle-resume-"));
    // A long wait: the process dies while the second player has not answered.
    const env = { DATA_DIR: dataDir, SHUFFLE_WAIT_MS: "10000" };
    const first = await startServerProcess(env);
    started.push(first);
    const host = await new Client(first.url).create("devils_scat", { name: "Ada", seats: 2, bots: 0, autoFillSeconds: 0, shuffle: true, playerId: "player-ada-0001" });
    const hostSeat = await seated(host);
    let commitment = "";
    const value = "0123456789abcdef0123456789abcdef";
    host.onMessage("shuffle", (m: { commitment: string }) => { commitment = m.commitment; host.send("shuffle", { value }); });
    const late = await new Client(first.url).joinById(host.roomId, { name: "Bea", shuffle: true, playerId: "player-bea-0001" });
    late.onMessage("shuffle", () => undefined);
    const lateSeat = await seated(late);
    const file = path.join(dataDir, "tables", `${host.roomId}.jsonl`);
    const waiting = await until(() => entries(file).find((e) => e.k === "w" && (e["deal"] as { values?: Record<string, string> } | undefined)?.values?.[String(hostSeat)] === value), "the value journalled", 10_000);
    const deal = waiting["deal"] as { seed: string; salt: string };
    expect(commitSeed(deal.seed, deal.salt)).toBe(commitment);
    first.child.kill("SIGKILL");

    const second = await startServerProcess(env);
    started.push(second);
    const header = await until(() => entries(file).find((e) => e.k === "h"), "the resumed deal", 15_000);
    expect(header["seed"]).toBe(deal.seed);
    expect(header["salt"]).toBe(deal.salt);
    expect(header["entropy"]).toEqual([
      { seat: hostSeat, source: "client", value },
      { seat: lateSeat, source: "missing", value: null },
    ].sort((a, b) => a.seat - b.seat));
  }, 60_000);
});
