/**
 * Fair play through the real room, for every game: one player, bots and a spectator play to the
 * end. Every state a client decodes and every message it receives is searched for the seed and
 * the salt until the game is over; the table shows the commitment from the deal on; at the end
 * every client (and a spectator who joins later, and a player who reconnects) receives the log,
 * which verifies against the commitment seen at the deal and reproduces the final standings.
 */
import { placesBySeat } from "@scat/shared/standings.ts";
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as ClientRoom } from "@colyseus/sdk";
import { quickPlayKey, SERVER_MESSAGES } from "@scat/shared";
import { verifyLog, type GameLog } from "@scat/shared/fairness/index.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GAMES } from "../src/games.ts";
import { gameLogOf } from "../src/table/fairness.ts";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, contribute, outcomeOf, playToEnd, until, waitSeat } from "./helpers.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  colyseus = await bootServer();
});
afterAll(async () => {
  await colyseus.shutdown();
});
afterEach(async () => {
  await colyseus.cleanup();
});

const SHORT: Record<string, Record<string, number | boolean>> = {
  dark_hearts: { target: 15 },
  scatterbrain: { memoriseMs: 2_000 },
  hit_the_deck: { target: 30 },
};

/** Watches one client: every decoded state and every message, and the logs it was sent. */
function watch(room: ClientRoom) {
  const seen = {
    states: [] as string[],
    messages: [] as { type: string; text: string }[],
    logs: [] as GameLog[],
    commitAtDeal: "",
    uncommittedDeal: false,
  };
  room.onStateChange((state: any) => {
    seen.states.push(JSON.stringify(state.toJSON()));
    if (state.status !== "waiting" && !seen.commitAtDeal) {
      seen.commitAtDeal = state.seedCommit;
      if (!state.seedCommit) seen.uncommittedDeal = true;
    }
  });
  room.onMessage("*", (type, message) => {
    seen.messages.push({ type: String(type), text: JSON.stringify(message) });
    if (type === SERVER_MESSAGES.gameLog) seen.logs.push(message as GameLog);
  });
  return seen;
}

describe.each(Object.keys(GAMES))("%s", (name) => {
  it("keeps seed and salt secret until the end, then every client's log verifies", async () => {
    const game = GAMES[name as keyof typeof GAMES]!.game;
    const base = { name: "Vera", seats: game.minSeats, bots: game.minSeats - 1, turnSeconds: 30, variants: SHORT[name] ?? {} };
    // The player adds a random value to the shuffle, as our client does (the deal waits for it).
    const player = await colyseus.sdk.joinOrCreate(name, { ...base, mode: quickPlayKey(base), shuffle: true });
    const mineSeen = watch(player);
    const myValue = contribute(player);
    const spectator = await colyseus.sdk.joinById(player.roomId, { spectate: true });
    const spySeen = watch(spectator);
    const seat = await waitSeat(player);
    const srv = colyseus.getRoomById(player.roomId) as unknown as TableRoom;
    await until(() => srv.match, "the deal");
    const { seed, salt, commitment, serverSeed } = srv.match!;
    expect(myValue.values).toHaveLength(1);
    expect(srv.match!.entropy?.find((e) => e.seat === seat)).toEqual({ seat, source: "client", value: myValue.values[0] });
    await playToEnd(name, player, seat, srv);
    await until(() => mineSeen.logs.length > 0 && spySeen.logs.length > 0, "the game log");

    for (const seen of [mineSeen, spySeen]) {
      expect(seen.uncommittedDeal, "the deal came without a commitment").toBe(false);
      expect(seen.commitAtDeal).toBe(commitment);
      expect(seen.states.length).toBeGreaterThan(3);
      for (const text of seen.states) expect(text.includes(seed) || text.includes(salt) || text.includes(serverSeed)).toBe(false);
      const first = seen.messages.findIndex((m) => m.type === SERVER_MESSAGES.gameLog);
      for (const m of seen.messages.slice(0, first))
        expect(m.text.includes(seed) || m.text.includes(salt) || m.text.includes(serverSeed), `${m.type} leaked`).toBe(false);
      // Each player finds their own value among the deal's (the spectator checks the player's).
      const verdict = verifyLog(JSON.parse(JSON.stringify(seen.logs[0])), {
        publishedCommitment: seen.commitAtDeal,
        mine: myValue.values[0]!,
      });
      if (!verdict.ok) throw new Error(`${name}: ${verdict.code}: ${verdict.reason}`);
      // The state's outcome adds each seat's place, read from the engine's (shared/src/standings.ts).
      const expected = { ...verdict.outcome, places: placesBySeat(game.id, verdict.state, verdict.outcome) };
      const served = game.outcome(srv.match!.state);
      expect(expected).toEqual(outcomeOf(player) ?? (served && { ...served, places: placesBySeat(game.id, srv.match!.state, served) }));
      expect(JSON.stringify(verdict.state)).toBe(JSON.stringify(srv.match!.state));
    }
    expect(mineSeen.logs[0]).toEqual(gameLogOf(srv.roomId, srv.match!));

    // Later connections get the log too: a new spectator, and the player coming back.
    const late = await colyseus.sdk.joinById(player.roomId, { spectate: true });
    const lateSeen = watch(late);
    player.reconnection.enabled = false;
    player.connection.close(4010, "test drop");
    await until(() => srv.seating.slots[seat]!.connected === false, "the drop");
    const back = await colyseus.sdk.reconnect(player.reconnectionToken);
    const backSeen = watch(back);
    await until(() => lateSeen.logs.length > 0 && backSeen.logs.length > 0, "the log for later connections");
    expect(lateSeen.logs[0]).toEqual(mineSeen.logs[0]);
    expect(backSeen.logs[0]).toEqual(mineSeen.logs[0]);
  }, 180_000);
});

describe("npm run verify", () => {
  const run = promisify(execFile);
  const root = join(import.meta.dirname, "..", "..");
  const cli = (file: string, ...more: string[]) =>
    run(join(root, "node_modules", ".bin", "tsx"), [join(root, "tools", "verify-log.ts"), file, ...more], { cwd: root });

  it("says deal verified for a real log and fails loudly with exit 1 for a tampered one", async () => {
    const base = { name: "Vera", seats: 2, bots: 1, turnSeconds: 30, variants: {} };
    const player = await colyseus.sdk.joinOrCreate("devils_scat", { ...base, mode: quickPlayKey(base), shuffle: true });
    const seen = watch(player);
    const mine = contribute(player);
    const srv = colyseus.getRoomById(player.roomId) as unknown as TableRoom;
    await playToEnd("devils_scat", player, await waitSeat(player), srv);
    const log = await until(() => seen.logs[0], "the game log");
    const dir = mkdtempSync(join(tmpdir(), "scat-log-"));
    writeFileSync(join(dir, "good.json"), JSON.stringify(log, null, 2));
    writeFileSync(join(dir, "bad.json"), JSON.stringify({ ...log, salt: log.salt.replace(/^./, (c) => (c === "a" ? "b" : "a")) }));
    const good = await cli(join(dir, "good.json"), "--mine", mine.values[0]!);
    expect(good.stdout).toMatch(/^deal verified: devils_scat /);
    expect(good.stdout).toContain(`outcome ${JSON.stringify(log.outcome)}`);
    expect(good.stdout).toContain(`your shuffle value ${mine.values[0]} is in this deal`);
    // A value the log does not hold (the server dealt without it, or another deal's) fails.
    const other = await cli(join(dir, "good.json"), "--mine", "0".repeat(32)).then(
      () => null,
      (e: { code: number; stdout: string }) => e,
    );
    expect(other?.code).toBe(1);
    expect(other?.stdout).toMatch(/^NOT verified \(entropy-missing\)/);
    const bad = await cli(join(dir, "bad.json")).then(
      () => null,
      (e: { code: number; stdout: string }) => e,
    );
    expect(bad?.code).toBe(1);
    expect(bad?.stdout).toMatch(/^NOT verified \(commitment-mismatch\)/);
  }, 120_000);
});
