/**
 * Ranked integrity with the product's defaults (docs/API.md, "Who plays ranked" and
 * "Conduct"), through a real server: guests and accounts without casual games are refused; two
 * accounts on one address or one device are never grouped; a pair met too often today is kept
 * apart; the two-tab farm (the dumper sits and leaves at once) is aborted unrated and gets the
 * dumper banned; the no-show loop (never accepting, or accepting and never sitting) costs the
 * victim one wait and gets the griefer banned; a matched player cannot scout the table, and a
 * seated one cannot queue again. Addresses come from X-Forwarded-For (TRUST_PROXY=1), as behind
 * nginx.
 */
import { Client, type Room as ClientRoom } from "@colyseus/sdk";
import type { Server } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { createServer } from "../src/app.ts";
import { TableRoom } from "../src/table/table-room.ts";
import { GAME_LOG_FORMAT, type GameLog } from "@scat/shared/fairness/game-log.ts";
import { recordRankedMatch } from "../src/ranked/record-match.ts";
import { freePort, mine, until, waitSeat } from "./helpers.ts";
import { matchMaker } from "@colyseus/core";

let server: Server;
let base = "";
beforeAll(async () => {
  const port = await freePort();
  server = createServer(
    loadConfig({
      BOT_DELAY_MS: "1-5",
      LOG_LEVEL: "silent",
      DATA_DIR: ":memory:",
      TRUST_PROXY: "1",
      ACCOUNTS_PER_HOUR: "1000",
      MATCHMAKE_RATE_PER_SECOND: "10000",
      MATCHMAKE_BURST: "10000",
      RATE_LIMIT_PER_SECOND: "100",
      RATE_LIMIT_BURST: "100",
      SEAT_RESERVATION_SECONDS: "3",
      RANKED_ACCEPT_SECONDS: "3",
      RANKED_POOL_MIX_SECONDS: "4",
      PORT: String(port),
    }),
  );
  await server.listen(port, "127.0.0.1");
  base = `http://127.0.0.1:${port}`;
  await fetch(`${base}/api/leaderboard/devils_scat`);
}, 240_000);
afterAll(async () => {
  await server.gracefullyShutdown(false);
});

interface Acc {
  id: string;
  token: string;
  name: string;
  address: string;
  device: string;
}
let serial = 0;

async function post(path: string, body: unknown, address: string, token?: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** A saved account (username and password) on `address`, with `casual` finished casual games on record. */
async function account(name: string, address: string, casual = 3): Promise<Acc> {
  const made = await post("/accounts/guest", { name, token: true }, address);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const n = ++serial;
  const reg = await post(
    "/accounts/register",
    { username: `${name.toLowerCase()}_${n}`, password: `orbit plum canyon ${n} lantern` },
    address,
    made.body.token,
  );
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  // Saving the account replaced the guest's token with a new one.
  const acc = { id: made.body.player.id as string, token: reg.body.token as string, name, address, device: `device-${name}-${n}` };
  await (
    await TableRoom.platform.conduct()
  ).record(
    Array.from({ length: casual }, (_, i) => ({
      playerId: acc.id,
      game: "devils_scat",
      tableId: `casual-${acc.id}-${i}`,
      ranked: false,
      outcome: "completed" as const,
      at: Date.now() - 1000,
    })),
  );
  return acc;
}

interface Queued {
  room: ClientRoom;
  sdk: Client;
  messages: { type: string; message: any }[];
  closed: Promise<number>;
}

/** Joins the ranked Devil's Scat queue as `acc` from its address; `accept` answers each offer. */
async function queue(acc: Acc, { accept = true, device = acc.device } = {}): Promise<Queued> {
  const sdk = new Client(base, { headers: { "x-forwarded-for": acc.address } });
  const room = await sdk.joinOrCreate("ranked_devils_scat", { token: acc.token, device });
  const messages: { type: string; message: any }[] = [];
  room.onMessage("*", (type, message) => {
    messages.push({ type: String(type), message });
    if (type === "matchFound" && accept) room.send("accept");
  });
  const closed = new Promise<number>((resolve) => room.onLeave((code) => resolve(code)));
  return { room, sdk, messages, closed };
}

const refusal = (acc: Acc) =>
  new Client(base, { headers: { "x-forwarded-for": acc.address } })
    .joinOrCreate("ranked_devils_scat", { token: acc.token, device: acc.device })
    .then(
      async (r) => {
        await r.leave();
        return "admitted";
      },
      (err: Error) => err.message,
    );
const offered = (q: Queued) => q.messages.filter((m) => m.type === "matchFound").length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls an async check (a database read) until it holds. */
async function eventually<T>(check: () => Promise<T | null | false | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
const ratingOf = async (id: string) =>
  (
    await (
      await TableRoom.platform.db()
    )
      .selectFrom("ratings")
      .select("rating")
      .where("player_id", "=", id)
      .where("game", "=", "devils_scat")
      .executeTakeFirst()
  )?.rating ?? null;

/** Takes the offered seat; resolves with the table connection. */
function seatFrom(q: Queued): Promise<ClientRoom> {
  return until(() => q.messages.find((m) => m.type === "seat")?.message, "a seat reservation", 15_000).then((r) => {
    q.room.send("confirm");
    return q.sdk.consumeSeatReservation(r);
  });
}

describe("who plays ranked", () => {
  it("refuses guests and accounts without casual games, and a finished casual game counts", async () => {
    const made = await post("/accounts/guest", { name: "Guesty", token: true }, "198.51.100.1");
    const guest = { id: made.body.player.id, token: made.body.token, name: "Guesty", address: "198.51.100.1", device: "device-guesty" };
    expect(await refusal(guest)).toMatch(/account-required: ranked play is for saved accounts/);
    const fresh = await account("Fresh", "198.51.100.2", 0);
    expect(await refusal(fresh)).toMatch(/needs-casual-games: finish 3 more casual games/);

    // A real casual game against a bot, joined with the account's token, goes on its record.
    const sdk = new Client(base, { headers: { "x-forwarded-for": fresh.address } });
    const room = await sdk.create("devils_scat", {
      seats: 2,
      bots: 1,
      variants: { classic: true },
      name: "Fresh",
      playerId: "fresh-player-0001",
      token: fresh.token,
    });
    const seat = await waitSeat(room);
    const table = matchMaker.getLocalRoomById(room.roomId) as unknown as TableRoom;
    let seen = -1;
    while (!table.match?.over) {
      const legal = await until(
        () => {
          if (table.match?.over) return [] as { type: string }[];
          const m = mine(room, seat);
          const v = (room.state as any).version;
          return m && m.legal.length > 0 && v !== seen && v === table.match?.state.version ? m.legal : null;
        },
        "a decision or the end",
        60_000,
      );
      if (legal.length === 0) break;
      seen = (room.state as any).version;
      room.send("action", legal.find((a) => a.type === "continue") ?? legal.find((a) => a.type === "knock") ?? legal[0]);
    }
    const standing = await eventually(async () => {
      const s = await (await TableRoom.platform.conduct()).standing(fresh.id);
      return s.casualCompleted === 1 ? s : null;
    }, "the casual game recorded");
    expect(standing.casualCompleted).toBe(1);
    expect(await refusal(fresh)).toMatch(/finish 2 more casual games/);
    await room.leave();
  }, 120_000);
});

describe("pairing", () => {
  it("never groups two accounts on one address, or on one device, and groups them otherwise", async () => {
    const booster = await account("Booster", "203.0.113.7");
    const dumper = await account("Dumper", "203.0.113.7");
    let [a, b] = [await queue(booster), await queue(dumper)];
    await sleep(3_500);
    expect(offered(a) + offered(b)).toBe(0);
    await Promise.all([a.room.leave(), b.room.leave()]);

    dumper.address = "203.0.113.8";
    [a, b] = [await queue(booster, { device: "shared-device-id-1" }), await queue(dumper, { device: "shared-device-id-1" })];
    await sleep(3_500);
    expect(offered(a) + offered(b)).toBe(0);
    await Promise.all([a.room.leave(), b.room.leave()]);

    [a, b] = [await queue(booster, { accept: false }), await queue(dumper, { accept: false })];
    await until(() => offered(a) === 1 && offered(b) === 1, "an offer to both");
    // The offer names neither the table nor the opponent.
    expect(Object.keys(a.messages.find((m) => m.type === "matchFound")!.message).sort()).toEqual([
      "acceptSeconds",
      "deadline",
      "game",
      "players",
    ]);
    a.room.send("decline");
    await b.room.leave();
  }, 60_000);

  it("keeps apart a pair already rated against each other three times today", async () => {
    const [p, q] = [await account("PairA", "203.0.113.20"), await account("PairB", "203.0.113.21")];
    const db = await TableRoom.platform.db();
    for (let i = 0; i < 3; i++) {
      const hex = "ab".repeat(16);
      const log: GameLog = {
        format: GAME_LOG_FORMAT,
        matchId: `pair-${p.id}-${i}`,
        game: "devils_scat",
        options: { seats: 2 },
        startedAt: Date.now() - 60_000,
        seed: hex,
        salt: hex,
        commitment: "c".repeat(64),
        steps: [{ seat: null, action: null, now: Date.now() - 50_000 }],
        outcome: { winners: [0], ranking: [0, 1], scores: [1, 0] },
      };
      await recordRankedMatch(
        db,
        log,
        [
          { seat: 0, playerId: p.id, name: "PairA" },
          { seat: 1, playerId: q.id, name: "PairB" },
        ],
        [
          { seat: 0, place: 1, score: 1, forfeited: false },
          { seat: 1, place: 2, score: 0, forfeited: false },
        ],
        Date.now() - 1000,
      );
    }
    const [a, b] = [await queue(p), await queue(q)];
    await sleep(3_500);
    expect(offered(a) + offered(b)).toBe(0);
    await Promise.all([a.room.leave(), b.room.leave()]);
  }, 60_000);
});

describe("the two-tab farm", () => {
  it("aborts unrated a game the dumper leaves at once, and bans the dumper after three", async () => {
    const booster = await account("Farmer", "192.0.2.10");
    const dumper = await account("Feeder", "192.0.2.11");
    for (let round = 1; round <= 3; round++) {
      const [a, b] = [await queue(booster), await queue(dumper)];
      const [ta, tb] = await Promise.all([seatFrom(a), seatFrom(b)]);
      const told: any[] = [];
      ta.onMessage("ratingChanged", (m) => told.push(m));
      ta.onMessage("*", () => undefined);
      const table = matchMaker.getLocalRoomById(ta.roomId) as unknown as TableRoom;
      await until(() => table.match !== null, "the deal");
      await tb.leave(true);
      const verdict = await until(
        () => told[0],
        `the abort (round ${round}: table ${table.roomId}, steps ${table.match?.log.length}, seats ${JSON.stringify(table.seating.slots.map((x) => [x.isBot, x.botReason, x.connected]))})`,
      );
      expect(verdict).toMatchObject({ cancelled: true, aborted: true });
      expect(verdict.reason).toMatch(/left before the game got going/);
      expect(await ratingOf(booster.id)).toBeNull();
      await eventually(
        async () =>
          (
            await (
              await TableRoom.platform.db()
            )
              .selectFrom("conduct_records")
              .select("outcome")
              .where("player_id", "=", dumper.id)
              .where("ranked", "=", true)
              .execute()
          ).length === round,
        "the abort recorded",
      );
    }
    expect(await refusal(dumper)).toMatch(/queue-banned: 3 ranked games in a row .* You can queue for ranked again at/);
    // The booster was aborted on, not banned.
    expect(await refusal(booster)).toBe("admitted");
    const standing = await (await TableRoom.platform.conduct()).standing(dumper.id);
    expect(standing.ban!.until - Date.now()).toBeGreaterThan(9 * 60_000);
  }, 120_000);
});

describe("the no-show loop", () => {
  it("costs the victim one wait while the griefer, declining again and again, is banned", async () => {
    const victim = await account("Victim", "192.0.2.30");
    const griefer = await account("Griefer", "192.0.2.31");
    const v = await queue(victim);
    for (let round = 1; round <= 3; round++) {
      const g = await queue(griefer, { accept: false });
      await until(() => offered(g) === 1, "the offer");
      expect(await g.closed).toBe(4005);
      await until(() => v.messages.filter((m) => m.type === "matchCancelled").length === round, "the victim told");
    }
    const cancels = v.messages.filter((m) => m.type === "matchCancelled").map((m) => m.message);
    expect(cancels.every((c) => c.requeued === true)).toBe(true);
    // The victim stayed in the queue the whole time: its waiting time kept growing.
    const waited = v.messages.filter((m) => m.type === "queueStatus").map((m) => m.message.waitedMs as number);
    expect(waited.at(-1)!).toBeGreaterThan(9_000);
    expect(waited).toEqual([...waited].sort((x, y) => x - y));
    expect(await refusal(griefer)).toMatch(/queue-banned/);
    await v.room.leave();
  }, 120_000);

  it("takes an accepted match that the griefer never sits at as a no-show, and lets no matched player scout the table", async () => {
    const victim = await account("Patient", "192.0.2.40");
    const griefer = await account("Scout", "192.0.2.41");
    const [v, g] = [await queue(victim), await queue(griefer)];
    const tv = await seatFrom(v);
    const reservation = await until(() => g.messages.find((m) => m.type === "seat")?.message, "the griefer's reservation");
    // Watching the table instead of sitting is refused before the game starts.
    await expect(new Client(base).joinById(reservation.room?.roomId ?? reservation.roomId, { spectate: true })).rejects.toThrow(
      /ranked-not-started/,
    );
    // A seated player cannot queue again or take another ranked table.
    expect(await refusal(victim)).toMatch(/already-playing: you are in a ranked game/);
    const told: any[] = [];
    tv.onMessage("ratingChanged", (m) => told.push(m));
    tv.onMessage("*", () => undefined);
    const cancelled = await until(() => told[0], "the table closed", 20_000);
    expect(cancelled).toMatchObject({ cancelled: true, requeue: true });
    await eventually(
      async () =>
        (
          await (
            await TableRoom.platform.db()
          )
            .selectFrom("conduct_records")
            .select("outcome")
            .where("player_id", "=", griefer.id)
            .where("outcome", "=", "no-show")
            .execute()
        ).length === 1,
      "the no-show recorded",
    );
    // The victim is free to queue again at once.
    expect(await refusal(victim)).toBe("admitted");
  }, 60_000);
});
