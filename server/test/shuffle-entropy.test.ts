/**
 * Players' entropy through the real room (docs/FAIRNESS.md, "Players' entropy"): the commitment
 * is public before the server asks for values and before any hand; a player who does not answer
 * in time is dealt without a value and the log says so; bad values, repeats, a spectator's
 * value and a value after the deal are refused to their sender and change nothing; a client that
 * does not contribute (SDK tools, k6, bots) is dealt at once as before.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as ClientRoom } from "@colyseus/sdk";
import { commitSeed } from "@scat/shared/fairness/commitment.ts";
import { botEntropy, dealSeed } from "@scat/shared/fairness/entropy.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, record, until, waitSeat } from "./helpers.ts";

const WAIT_MS = 400;
let colyseus: ColyseusTestServer;
beforeAll(async () => {
  colyseus = await bootServer({ SHUFFLE_WAIT_MS: String(WAIT_MS) });
});
afterAll(async () => {
  await colyseus.shutdown();
});
afterEach(async () => {
  await colyseus.cleanup();
});

const rejections = (log: { type: string; message: unknown }[]) =>
  log.filter((m) => m.type === "rejected").map((m) => (m.message as { code: string }).code);
const hex = (n: number) => n.toString(16).padStart(32, "0");

describe("players' entropy at the table", () => {
  it("commits before asking, waits for the values, deals from them; a silent player is recorded missing", async () => {
    const host = await colyseus.sdk.create("devils_scat", { name: "Ada", seats: 3, bots: 1, autoFillSeconds: 0, shuffle: true });
    const hostLog = record(host);
    const srv = colyseus.getRoomById(host.roomId) as unknown as TableRoom;
    const hostSeat = await waitSeat(host);
    // The second player contributes too but never answers (a stalled device).
    const silent = await colyseus.sdk.joinById(host.roomId, { name: "Bea", shuffle: true });
    const silentSeat = await waitSeat(silent);
    const asked = await until(() => hostLog.find((m) => m.type === "shuffle"), "the shuffle request");
    const commitment = (asked.message as { commitment: string }).commitment;
    // Committed and shown before any value and before the deal: no hand yet.
    expect(srv.match).toBeNull();
    expect((host.state as { seedCommit: string }).seedCommit || commitment).toBe(commitment);
    expect((host.state as { status: string }).status).toBe("waiting");
    const startedAsk = Date.now();
    const value = hex(0xabcdef);
    host.send("shuffle", { value: "not hex" });
    await until(() => rejections(hostLog).includes("invalid-message"), "the bad value refused");
    host.send("shuffle", { value });
    host.send("shuffle", { value: hex(2) });
    await until(() => rejections(hostLog).includes("shuffle-taken"), "the second value refused");
    const spectator = await colyseus.sdk.joinById(host.roomId, { spectate: true });
    const spyLog = record(spectator);
    spectator.send("shuffle", { value: hex(3) });
    await until(() => rejections(spyLog).includes("not-seated"), "the spectator refused");
    // The silent seat holds the deal back until the wait is over, then it is dealt without a value.
    const match = await until(() => srv.match, "the deal", 5_000);
    expect(Date.now() - startedAsk).toBeGreaterThanOrEqual(WAIT_MS - 50);
    const botSeat = [0, 1, 2].find((s) => s !== hostSeat && s !== silentSeat)!;
    expect(match.commitment).toBe(commitment);
    expect(commitSeed(match.serverSeed, match.salt)).toBe(commitment);
    expect([...match.entropy!].sort((a, b) => a.seat - b.seat)).toEqual(
      [
        { seat: hostSeat, source: "client", value },
        { seat: silentSeat, source: "missing", value: null },
        { seat: botSeat, source: "bot", value: botEntropy(match.serverSeed, botSeat) },
      ].sort((a, b) => a.seat - b.seat),
    );
    expect(match.seed).toBe(dealSeed(match.serverSeed, match.entropy!));
    // After the deal a value changes nothing.
    host.send("shuffle", { value: hex(4) });
    await until(() => rejections(hostLog).includes("not-shuffling"), "a value after the deal refused");
    expect(match.entropy!.find((e) => e.seat === hostSeat)).toEqual({ seat: hostSeat, source: "client", value });
    await silent.leave();
  });

  it("deals at once for clients that do not contribute (SDK tools, load tests)", async () => {
    const room: ClientRoom = await colyseus.sdk.create("devils_scat", { name: "Cy", seats: 2, bots: 1 });
    const log = record(room);
    const srv = colyseus.getRoomById(room.roomId) as unknown as TableRoom;
    const match = await until(() => srv.match, "the deal", WAIT_MS / 2);
    const seat = await waitSeat(room);
    expect(match.entropy!.find((e) => e.seat === seat)).toEqual({ seat, source: "missing", value: null });
    expect(log.some((m) => m.type === "shuffle")).toBe(false);
  });
});
