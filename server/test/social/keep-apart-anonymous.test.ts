/**
 * A block keeps the pair apart at every kind of casual table, and without the account too: the
 * blocked player joining the blocker's table by id (with the account, or anonymously from its
 * device or its address), watching it, quick play in both directions (the blocker's quick play
 * never lands on a table the blocked player created), while strangers, and a saved account that
 * merely shares the blocked player's address, still join. Every refusal is neutral.
 *
 * Addresses come from `x-forwarded-for` (TRUST_PROXY=1), public documentation ranges: private
 * and loopback addresses bind nothing (moderation/traces.ts).
 */
import { Client, type Room as ClientRoom } from "@colyseus/sdk";
import type { Server } from "@colyseus/core";
import { quickPlayKey } from "@scat/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { createServer } from "../../src/app.ts";
import { TableRoom } from "../../src/table/table-room.ts";
import { freePort, leaveRoom } from "../helpers.ts";

let server: Server;
let base = "";
beforeAll(async () => {
  const port = await freePort();
  server = createServer(
    loadConfig({
      TRUST_PROXY: "1",
      RANKED_GUESTS: "1",
      RANKED_MIN_GAMES: "0",
      RANKED_SAME_ADDRESS: "1",
      BOT_DELAY_MS: "1-5",
      LOG_LEVEL: "silent",
      DATA_DIR: ":memory:",
      ACCOUNTS_PER_HOUR: "50",
      MATCHMAKE_RATE_PER_SECOND: "10000",
      MATCHMAKE_BURST: "10000",
      RATE_LIMIT_PER_SECOND: "100",
      RATE_LIMIT_BURST: "100",
      PORT: String(port),
    }),
  );
  await server.listen(port, "127.0.0.1");
  base = `http://127.0.0.1:${port}`;
}, 240_000);
afterAll(async () => {
  await server.gracefullyShutdown(false);
});

async function api(path: string, init: { token?: string; body?: unknown; from?: string } = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}/api${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": init.from ?? "192.0.2.1",
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A guest account with a token; `saved`: given a username straight in the table (registering without the slow hash). */
async function account(name: string, saved: boolean): Promise<{ id: string; token: string }> {
  const res = await api("/accounts/guest", { body: { name, token: true } });
  expect(res.status).toBe(201);
  if (saved)
    await (
      await TableRoom.platform.db()
    )
      .updateTable("players")
      .set({ username: name.toLowerCase() })
      .where("id", "=", res.body.player.id)
      .execute();
  return { id: res.body.player.id, token: res.body.token };
}

const sdk = (from: string) => new Client(base, { headers: { "x-forwarded-for": from } });
const table = { seats: 3, bots: 0, turnSeconds: 30, variants: {}, autoFillSeconds: 0 };
const quick = (name: string, extra: Record<string, unknown> = {}) => ({ ...table, name, mode: quickPlayKey(table as never), ...extra });

const BEN_HOME = "203.0.113.7";
const BEN_DEVICE = "ben-device-0001";

describe("a block at casual tables, with and without the account", () => {
  let ann: { id: string; token: string };
  let ben: { id: string; token: string };
  beforeAll(async () => {
    [ann, ben] = [await account("Ann", true), await account("Ben", false)];
    expect((await api("/blocks", { token: ann.token, body: { playerId: ben.id } })).status).toBe(201);
    // Ben plays once with his account: his device and address are where he plays from.
    const once = await sdk(BEN_HOME).joinOrCreate("devils_scat", quick("Ben", { token: ben.token, playerId: BEN_DEVICE }));
    await leaveRoom(once);
  }, 60_000);

  it("refuses the blocked player at the blocker's table by id: with the account, from its device, from its address, and watching; strangers join", async () => {
    const annTable = await sdk("198.51.100.1").create("devils_scat", {
      ...table,
      name: "Ann",
      token: ann.token,
      playerId: "ann-device-0001",
    });
    const refusal = async (from: string, options: Record<string, unknown>): Promise<string> => {
      const err = await sdk(from)
        .joinById(annTable.roomId, options)
        .then(
          (r) => {
            void leaveRoom(r);
            return null;
          },
          (e: Error) => e,
        );
      expect(err, `${JSON.stringify(options)} from ${from} must be refused`).not.toBeNull();
      return String(err!.message);
    };
    const refusals = [
      await refusal("198.51.100.77", { name: "Ben", token: ben.token, playerId: "ben-device-0002" }),
      // Anonymous, from his device on another network.
      await refusal("198.51.100.78", { name: "Someone", playerId: BEN_DEVICE }),
      // Anonymous, a fresh device (storage cleared), from his address (an IPv6 /64 would count as one too).
      await refusal(BEN_HOME, { name: "Someone", playerId: "fresh-device-0003" }),
      // Watching is refused too: the pair is never at one table.
      await refusal("198.51.100.79", { name: "Someone", playerId: BEN_DEVICE, spectate: true }),
    ];
    for (const message of refusals) {
      expect(message).toMatch(/table-unavailable/);
      expect(message).not.toMatch(/block/i);
    }
    // A stranger joins; so does a saved account that only shares Ben's address (an address binds only those without one).
    const cat = await sdk("192.0.2.50").joinById(annTable.roomId, { name: "Cat", playerId: "cat-device-0001" });
    const dan = await account("Dan", true);
    const danRoom = await sdk(BEN_HOME).joinById(annTable.roomId, { name: "Dan", token: dan.token, playerId: "dan-device-0001" });
    await Promise.all([leaveRoom(annTable), leaveRoom(cat), leaveRoom(danRoom)]);
  }, 60_000);

  it("keeps quick play apart both ways: the blocker's quick play never lands on a table the blocked player made, nor the other way round", async () => {
    // Ben makes a public quick-play table anonymously (his device only); Ann's quick play goes elsewhere.
    const benTable = await sdk("198.51.100.90").create("devils_scat", quick("Benny", { playerId: BEN_DEVICE }));
    const annQuick = await sdk("198.51.100.1").joinOrCreate("devils_scat", quick("Ann", { token: ann.token, playerId: "ann-device-0001" }));
    expect(annQuick.roomId).not.toBe(benTable.roomId);
    // A table Ben made with his account: the same.
    const benSigned = await sdk("198.51.100.91").create("devils_scat", quick("Ben", { token: ben.token, playerId: "ben-device-0005" }));
    const annAgain = await sdk("198.51.100.1").joinOrCreate("devils_scat", quick("Ann", { token: ann.token, playerId: "ann-device-0002" }));
    expect(annAgain.roomId).not.toBe(benSigned.roomId);
    await Promise.all([leaveRoom(benSigned), leaveRoom(annAgain)]);
    // Ben's anonymous quick play from his address does not land at Ann's; a stranger's does (Ann's table has the open seats).
    const benQuick = await sdk(BEN_HOME).joinOrCreate("devils_scat", quick("Someone", { playerId: "fresh-device-0004" }));
    expect(benQuick.roomId).not.toBe(annQuick.roomId);
    const cat = await sdk("192.0.2.51").joinOrCreate("devils_scat", quick("Cat", { playerId: "cat-device-0002" }));
    expect([annQuick.roomId, benTable.roomId, benQuick.roomId]).toContain(cat.roomId);
    await Promise.all([leaveRoom(benTable), leaveRoom(annQuick), leaveRoom(benQuick), leaveRoom(cat)]);
  }, 60_000);

  it("refuses the later of the two: a join by id cannot turn away the blocker still on its way in", async () => {
    const reserve = async (path: string, body: Record<string, unknown>, from: string) => {
      const res = await fetch(`${base}/matchmake/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": from },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return res.json() as Promise<any>;
    };
    // Ann's table is made and Ben's join by id reserved before Ann's connection arrives.
    const annSeat = await reserve(
      "create/devils_scat",
      { ...table, name: "Ann", token: ann.token, playerId: "ann-device-0003" },
      "198.51.100.1",
    );
    const benSeat = await reserve(`joinById/${annSeat.roomId}`, { name: "Ben", playerId: BEN_DEVICE }, "198.51.100.60");
    const annRoom = await sdk("198.51.100.1").consumeSeatReservation(annSeat);
    await expect(sdk("198.51.100.60").consumeSeatReservation(benSeat)).rejects.toThrow(/table-unavailable/);
    await leaveRoom(annRoom);
  }, 60_000);

  it("the ranked queue keeps the blocker from the blocked player's second account on the same device", async () => {
    const ben2 = await account("Benjamin", false);
    const statuses = new Map<string, number>();
    const queue = async (token: string, device: string, from: string) => {
      const client = sdk(from);
      const q = await client.joinOrCreate("ranked_devils_scat", { token, device });
      q.onMessage("*", () => undefined);
      q.onMessage("queueStatus", () => statuses.set(device, (statuses.get(device) ?? 0) + 1));
      q.onMessage("matchFound", () => q.send("accept"));
      const table = new Promise<ClientRoom>((resolve, reject) =>
        q.onMessage("seat", (r) => {
          q.send("confirm");
          client.consumeSeatReservation(r).then(resolve, reject);
        }),
      );
      return { q, table };
    };
    const qa = await queue(ann.token, "ann-device-0006", "198.51.100.80");
    const qb = await queue(ben2.token, BEN_DEVICE, "198.51.100.81");
    let seated = false;
    void qa.table.then(() => {
      seated = true;
    });
    void qb.table.then(() => {
      seated = true;
    });
    // Three queue cycles with both waiting: they were never grouped.
    const { until } = await import("../helpers.ts");
    await until(() => (statuses.get("ann-device-0006") ?? 0) >= 3 && (statuses.get(BEN_DEVICE) ?? 0) >= 3, "three cycles");
    expect(seated).toBe(false);
    const cat = await account("Cat", false);
    const qc = await queue(cat.token, "cat-device-0006", "198.51.100.82");
    const tc = await qc.table;
    const other = await Promise.race([qa.table, qb.table]);
    expect(other.roomId).toBe(tc.roomId);
    await Promise.all([leaveRoom(tc), leaveRoom(other), leaveRoom(qa.q), leaveRoom(qb.q), leaveRoom(qc.q)]);
  }, 60_000);

  it("keeps the blocked player from watching the blocker's ranked game; others watch", async () => {
    const cat = await account("Cat2", false);
    const seatAt = async (token: string, device: string) => {
      const client = sdk("198.51.100.70");
      const q = await client.joinOrCreate("ranked_devils_scat", { token, device });
      q.onMessage("*", () => undefined);
      q.onMessage("matchFound", () => q.send("accept"));
      return new Promise<ClientRoom>((resolve, reject) =>
        q.onMessage("seat", (r) => {
          q.send("confirm");
          client.consumeSeatReservation(r).then(resolve, reject);
        }),
      );
    };
    const [ta, tc] = await Promise.all([seatAt(ann.token, "ann-device-0004"), seatAt(cat.token, "cat-device-0004")]);
    expect(ta.roomId).toBe(tc.roomId);
    await expect(sdk("198.51.100.71").joinById(ta.roomId, { name: "Someone", playerId: BEN_DEVICE, spectate: true })).rejects.toThrow(
      /table-unavailable/,
    );
    // Not "Dan": a registered player has that name, and spectators follow the look-alike rule too.
    const eve = await sdk("192.0.2.72").joinById(ta.roomId, { name: "Eve", playerId: "eve-device-0072", spectate: true });
    await Promise.all([leaveRoom(eve), leaveRoom(ta), leaveRoom(tc)]);
  }, 60_000);
});
