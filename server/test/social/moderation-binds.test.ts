/**
 * Mutes and bans bind more than the account a player chose to bring: a reader's mute holds when
 * the speaker comes back on a new connection (and when the reader does); an operator's mute and
 * ban follow the device the account played from and, without a saved account, its address; chat
 * budgets at a table are shared per address and per device, and by all spectators together.
 *
 * Addresses come from `x-forwarded-for` (TRUST_PROXY=1), public documentation ranges: private
 * and loopback addresses bind nothing (moderation/traces.ts).
 */
import { Client, type Room as ClientRoom } from "@colyseus/sdk";
import type { Server } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_CLIENT, CHAT_SERVER, type ChatLine } from "@scat/shared/social/chat.ts";
import { createServer } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { sanction } from "../../src/moderation/reports.ts";
import { TableRoom } from "../../src/table/table-room.ts";
import { freePort, leaveRoom, until } from "../helpers.ts";

let server: Server;
let base = "";
beforeAll(async () => {
  const port = await freePort();
  server = createServer(
    loadConfig({
      TRUST_PROXY: "1",
      RANKED_GUESTS: "1",
      RANKED_MIN_GAMES: "0",
      BOT_DELAY_MS: "1-5",
      LOG_LEVEL: "silent",
      DATA_DIR: ":memory:",
      ACCOUNTS_PER_HOUR: "100",
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

const sdk = (from: string) => new Client(base, { headers: { "x-forwarded-for": from } });
const table = { seats: 3, bots: 0, turnSeconds: 30, variants: {}, autoFillSeconds: 0 };

async function guest(name: string): Promise<{ id: string; token: string }> {
  const res = await fetch(`${base}/api/accounts/guest`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.1" },
    body: JSON.stringify({ name, token: true }),
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { player: { id: string }; token: string };
  return { id: body.player.id, token: body.token };
}

interface Seen {
  lines: ChatLine[];
  rejected: { code: string; message: string }[];
}
function listen(room: ClientRoom): Seen {
  const seen: Seen = { lines: [], rejected: [] };
  room.onMessage("*", (type, message) => {
    if (type === CHAT_SERVER.line) seen.lines.push(message as ChatLine);
    else if (type === "rejected") seen.rejected.push(message as { code: string; message: string });
  });
  return seen;
}

/** The account plays once from this device and address (where it plays from is noted), then the operator sanctions it. */
async function sanctioned(kind: "mute" | "ban", device: string, from: string): Promise<{ id: string; token: string }> {
  const who = await guest(kind === "ban" ? "Bo" : "Mo");
  const once = await sdk(from).create("devils_scat", { ...table, name: "Once", token: who.token, playerId: device });
  await leaveRoom(once);
  const done = await sanction(
    await TableRoom.platform.db(),
    { id: null, name: "test" },
    { accountId: who.id, sanction: kind, reason: "test", minutes: 30 },
  );
  expect(done.ok).toBe(true);
  return who;
}

describe("mutes and bans bind the device, the address and the connection", () => {
  it("a reader's mute holds when the speaker comes back, and when the reader does", async () => {
    const a = await sdk("192.0.2.10").create("devils_scat", { ...table, name: "Pia", playerId: "pia-device-01" });
    const sa = listen(a);
    const w = await sdk("192.0.2.12").joinById(a.roomId, { name: "Wes", playerId: "wes-device-01", spectate: true });
    const sw = listen(w);
    let b = await sdk("192.0.2.11").joinById(a.roomId, { name: "Quin", playerId: "quin-device-01" });
    b.send(CHAT_CLIENT.say, { phrase: "gg" });
    const first = await until(() => sa.lines.find((l) => l.phrase === "gg"), "Pia hears Quin");
    a.send(CHAT_CLIENT.prefs, { mute: first.from });
    a.send(CHAT_CLIENT.prefs, { mute: "bad" });
    await until(() => sa.rejected[0], "Pia's mute is in");
    // Quin leaves and joins again: a new connection, a new speaker number.
    await leaveRoom(b);
    b = await sdk("192.0.2.11").joinById(a.roomId, { name: "Quin", playerId: "quin-device-01" });
    b.send(CHAT_CLIENT.say, { phrase: "wp" });
    await until(() => sw.lines.find((l) => l.phrase === "wp"), "Wes hears Quin again");
    // Pia comes back too (her own new connection keeps her settings).
    await leaveRoom(a);
    const a2 = await sdk("192.0.2.10").joinById(w.roomId, { name: "Pia", playerId: "pia-device-01" });
    const sa2 = listen(a2);
    b.send(CHAT_CLIENT.say, { phrase: "hurry" });
    // Without an account, a new device id from the same address does not undo the mute either.
    const b2 = await sdk("192.0.2.11").joinById(a.roomId, { name: "Quin", playerId: "quin-device-02", spectate: true });
    b2.send(CHAT_CLIENT.say, { phrase: "oops" });
    await until(() => sw.lines.find((l) => l.phrase === "oops"), "Wes hears Quin's new device");
    w.send(CHAT_CLIENT.say, { phrase: "thanks" });
    await until(() => sa2.lines.find((l) => l.phrase === "thanks"), "Pia hears Wes");
    await until(() => sw.lines.find((l) => l.phrase === "hurry"), "Wes hears Quin's last line");
    expect(sa.lines.map((l) => l.phrase)).toEqual(["gg"]);
    expect(sa2.lines.map((l) => l.phrase)).toEqual(["thanks"]);
    await Promise.all([leaveRoom(a2), leaveRoom(b), leaveRoom(b2), leaveRoom(w)]);
  }, 60_000);

  it("an operator's mute follows the account's device, and its address when no saved account comes", async () => {
    await sanctioned("mute", "mo-device-0001", "203.0.113.30");
    const p = await sdk("192.0.2.20").create("devils_scat", { ...table, name: "Pat", playerId: "pat-device-01" });
    const sp = listen(p);
    const fromDevice = await sdk("198.51.100.30").joinById(p.roomId, { name: "Someone", playerId: "mo-device-0001" });
    const fromAddress = await sdk("203.0.113.30").joinById(p.roomId, { name: "Other", playerId: "fresh-device-0031", spectate: true });
    const stranger = await sdk("198.51.100.31").joinById(p.roomId, { name: "Sal", playerId: "sal-device-01", spectate: true });
    const [sd, sa] = [listen(fromDevice), listen(fromAddress)];
    fromDevice.send(CHAT_CLIENT.say, { phrase: "gg" });
    fromAddress.send(CHAT_CLIENT.say, { phrase: "wp" });
    expect((await until(() => sd.rejected[0], "the device is muted")).code).toBe("chat-banned");
    expect((await until(() => sa.rejected[0], "the address is muted")).code).toBe("chat-banned");
    stranger.send(CHAT_CLIENT.say, { phrase: "oops" });
    await until(() => sp.lines.find((l) => l.phrase === "oops"), "a stranger is heard");
    expect(sp.lines.map((l) => l.phrase)).toEqual(["oops"]);
    await Promise.all([leaveRoom(p), leaveRoom(fromDevice), leaveRoom(fromAddress), leaveRoom(stranger)]);
  }, 60_000);

  it("8 spectators from one address share one chat budget, and all spectators together share one more", async () => {
    const p = await sdk("192.0.2.40").create("devils_scat", { ...table, name: "Pam", playerId: "pam-device-01" });
    const sp = listen(p);
    const watch = async (from: string, i: number) => {
      const room = await sdk(from).joinById(p.roomId, {
        name: `W${i}`,
        playerId: `watcher-${from.replaceAll(".", "-")}-${i}`,
        spectate: true,
      });
      return { room, seen: listen(room) };
    };
    const sameAddress = await Promise.all(Array.from({ length: 8 }, (_, i) => watch("203.0.113.40", i)));
    let started = Date.now();
    for (const s of sameAddress) for (let k = 0; k < 5; k++) s.room.send(CHAT_CLIENT.say, { phrase: "gg" });
    // Every line is answered: its speaker sees it (passed) or is refused.
    await until(() => sameAddress.every((s) => s.seen.lines.length + s.seen.rejected.length >= 5), "all 40 answered");
    // 5 at once, then one every 2 s, for the address.
    expect(sp.lines.length).toBeLessThanOrEqual(5 + Math.ceil((Date.now() - started) / 2000));
    expect(sameAddress.flatMap((s) => s.seen.rejected).every((r) => r.code === "rate-limited")).toBe(true);
    await Promise.all(sameAddress.map((s) => leaveRoom(s.room)));

    const heard = sp.lines.length;
    const many = await Promise.all(Array.from({ length: 12 }, (_, i) => watch(`198.51.100.${100 + i}`, i)));
    started = Date.now();
    for (const s of many) for (let k = 0; k < 2; k++) s.room.send(CHAT_CLIENT.say, { phrase: "wp" });
    await until(() => many.every((s) => s.seen.lines.length + s.seen.rejected.length >= 2), "all 24 answered");
    // 10 at once, then one a second, for every spectator together.
    expect(sp.lines.length - heard).toBeLessThanOrEqual(10 + Math.ceil((Date.now() - started) / 1000));
    await Promise.all([leaveRoom(p), ...many.map((s) => leaveRoom(s.room))]);
  }, 60_000);

  it("a banned account's device and address cannot sit at a casual or ranked table while the ban lasts; they may watch", async () => {
    await sanctioned("ban", "bo-device-0001", "203.0.113.50");
    const p = await sdk("192.0.2.50").create("devils_scat", { ...table, name: "Pip", playerId: "pip-device-01" });
    const refused = async (from: string, options: Record<string, unknown>): Promise<string> =>
      String(
        await sdk(from)
          .joinById(p.roomId, options)
          .then(
            (r) => {
              void leaveRoom(r);
              return "joined";
            },
            (e: Error) => e.message,
          ),
      );
    const byDevice = await refused("198.51.100.50", { name: "Someone", playerId: "bo-device-0001" });
    expect(byDevice).toMatch(/cannot-play: you cannot play right now; you can play again from \d{4}-\d\d-\d\dT/);
    expect(await refused("203.0.113.50", { name: "Other", playerId: "fresh-device-0051" })).toMatch(/cannot-play/);
    // With a fresh guest account on the same device: the same.
    const fresh = await guest("Fresh");
    expect(await refused("198.51.100.51", { name: "Fresh", playerId: "bo-device-0001", token: fresh.token })).toMatch(/cannot-play/);
    // Watching is allowed; a stranger sits.
    const watching = await sdk("198.51.100.50").joinById(p.roomId, { name: "Someone", playerId: "bo-device-0001", spectate: true });
    const stranger = await sdk("198.51.100.52").joinById(p.roomId, { name: "Sid", playerId: "sid-device-01" });
    // The ranked queue: a fresh guest account from the banned device is refused too.
    const queue = sdk("198.51.100.53").joinOrCreate("ranked_devils_scat", { token: fresh.token, device: "bo-device-0001" });
    await expect(queue).rejects.toThrow(/cannot-play/);
    await Promise.all([leaveRoom(p), leaveRoom(watching), leaveRoom(stranger)]);
  }, 60_000);
});
