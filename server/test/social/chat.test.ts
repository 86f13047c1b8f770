/**
 * Table chat as an attacker and a player would use it: quick phrases for
 * guests, free text for saved accounts only, a flood cut by the per-account limit, over-long
 * lines, HTML passed on as plain text (never interpreted by the server or changed), the word
 * list with look-alike letters and hidden characters, mute and chat off, the spectators' channel,
 * a ranked game in play (quick phrases only), and who is watching.
 */
import { Client, type Room as ClientRoom } from "@colyseus/sdk";
import type { Server } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_CLIENT, CHAT_SERVER, type ChatLine, type Watchers } from "@scat/shared/social/chat.ts";
import { createServer } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { TableRoom } from "../../src/table/table-room.ts";
import { freePort, until, waitSeat } from "../helpers.ts";

let server: Server;
let base = "";
beforeAll(async () => {
  const port = await freePort();
  server = createServer(
    loadConfig({
      RANKED_GUESTS: "1",
      RANKED_MIN_GAMES: "0",
      RANKED_SAME_ADDRESS: "1",
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

async function api(path: string, token: string | null, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/**
 * A guest account with a token; `saved`: also given a username, written straight into the table
 * (what registering does, without the password hash that takes seconds on a loaded machine).
 */
async function account(name: string, saved: boolean): Promise<string> {
  const g = await api("/accounts/guest", null, { name, token: true });
  expect(g.status).toBe(201);
  if (saved)
    await (
      await TableRoom.platform.db()
    )
      .updateTable("players")
      .set({ username: name.toLowerCase() })
      .where("id", "=", g.body.player.id)
      .execute();
  return g.body.token as string;
}

interface Seen {
  lines: ChatLine[];
  rejected: { code: string; message: string }[];
  watchers: Watchers[];
}

function listen(room: ClientRoom): Seen {
  const seen: Seen = { lines: [], rejected: [], watchers: [] };
  room.onMessage("*", (type, message) => {
    if (type === CHAT_SERVER.line) seen.lines.push(message as ChatLine);
    else if (type === "rejected") seen.rejected.push(message as { code: string; message: string });
    else if (type === CHAT_SERVER.watchers) seen.watchers.push(message as Watchers);
  });
  return seen;
}

/** A two-seat casual table, not started: A and B seated (each with its token), W watching. */
async function table(tokA: string | null, tokB: string | null, [nameA, nameB] = ["Ann", "Ben"]) {
  const sdk = new Client(base);
  const a = await sdk.create("devils_scat", { name: nameA, seats: 3, autoFillSeconds: 0, ...(tokA ? { token: tokA } : {}) });
  const sa = listen(a);
  const b = await sdk.joinById(a.roomId, { name: nameB, ...(tokB ? { token: tokB } : {}) });
  const sb = listen(b);
  const w = await sdk.joinById(a.roomId, { name: "Wes", spectate: true });
  const sw = listen(w);
  await until(() => sa.watchers.at(-1)?.count === 1, "A hears of the spectator");
  return { a, b, w, sa, sb, sw };
}

let annSaved = "";
let benSaved = "";
let guestTok = "";

describe("table chat", () => {
  beforeAll(async () => {
    [annSaved, benSaved, guestTok] = await Promise.all([account("Ann", true), account("Ben", true), account("Gus", false)]);
  }, 120_000);

  it("shows who is watching, sends quick phrases from a guest, and refuses a guest's free text", async () => {
    const t = await table(guestTok, benSaved, ["Gus", "Ben"]);
    expect(t.sa.watchers.at(-1)).toEqual({ count: 1, names: ["Wes"] });
    t.a.send(CHAT_CLIENT.say, { phrase: "gg" });
    const line = await until(() => t.sb.lines[0], "B sees the quick phrase");
    expect(line).toMatchObject({ phrase: "gg", seat: 0, name: "Gus", channel: "table" });
    await until(() => t.sw.lines[0], "the spectator sees players' lines");
    t.a.send(CHAT_CLIENT.say, { text: "hello there" });
    expect((await until(() => t.sa.rejected[0], "a guest's text refused")).code).toBe("chat-registered-only");
    t.a.send(CHAT_CLIENT.say, { phrase: "<script>" });
    expect((await until(() => t.sa.rejected[1], "unknown phrase refused")).code).toBe("invalid-message");
    await t.w.leave();
    await until(() => t.sa.watchers.at(-1)?.count === 0, "the spectator left");
    await Promise.all([t.a.leave(), t.b.leave()]);
    expect(t.sb.lines.length).toBe(1);
  });

  it("passes HTML on as the same plain text, filters listed words through look-alikes and hidden characters, caps length", async () => {
    const t = await table(annSaved, benSaved);
    const html = `<img src=x onerror="alert(1)"><b>hi</b>`;
    t.a.send(CHAT_CLIENT.say, { text: html });
    expect((await until(() => t.sb.lines[0], "B sees the HTML line")).text).toBe(html);
    for (const bad of ["fսck you", "sh1t", "f\u200Buck", "ƒuck"]) t.a.send(CHAT_CLIENT.say, { text: bad });
    await until(() => t.sa.rejected.length >= 4, "four filtered");
    expect(t.sa.rejected.map((r) => r.code)).toEqual(["chat-filtered", "chat-filtered", "chat-filtered", "chat-filtered"]);
    t.a.send(CHAT_CLIENT.say, { text: "x".repeat(201) });
    // A frame far over the cap never reaches the chat: the frame guard refuses it (net/guard-frames.ts).
    t.a.send(CHAT_CLIENT.say, { text: "x".repeat(2_000) });
    await until(() => t.sa.rejected.length >= 6, "too long refused");
    expect(t.sa.rejected.slice(4).map((r) => r.code)).toEqual(["chat-too-long", "bad-frame"]);
    // What an outside audit got through (B, within its own line limit): a combining grapheme joiner, emoji variation selectors, a Hangul filler between letters.
    const hidden = ["f\u034Fuck", "f\uFE0Fu\uFE0Fc\uFE0Fk", "f\u3164uck"];
    for (const bad of hidden) t.b.send(CHAT_CLIENT.say, { text: bad });
    await until(() => t.sb.rejected.length >= hidden.length, "hidden ones filtered");
    expect(t.sb.rejected.map((r) => r.code)).toEqual(hidden.map(() => "chat-filtered"));
    // None of those reached anyone, and no rejection echoes the text.
    expect(t.sb.lines.length).toBe(1);
    expect(JSON.stringify(t.sa.rejected)).not.toContain("uck");
    await Promise.all([t.a.leave(), t.b.leave(), t.w.leave()]);
  });

  it("cuts a flood at the per-account limit (5 at once), also across tables", async () => {
    const t = await table(annSaved, benSaved);
    for (let i = 0; i < 8; i++) t.b.send(CHAT_CLIENT.say, { phrase: "oops" });
    await until(() => t.sa.lines.length + t.sb.rejected.length >= 8, "all eight answered");
    // Ben's 5 from the earlier tests' budget may be partly spent: at most 5 pass.
    expect(t.sa.lines.length).toBeLessThanOrEqual(5);
    expect(t.sb.rejected.every((r) => r.code === "rate-limited")).toBe(true);
    expect(t.sb.rejected.length).toBeGreaterThanOrEqual(3);
    // The same account at another table gets no fresh allowance.
    const other = await new Client(base).create("devils_scat", { name: "Ben", seats: 3, autoFillSeconds: 0, token: benSaved });
    const so = listen(other);
    other.send(CHAT_CLIENT.say, { phrase: "gg" });
    expect((await until(() => so.rejected[0], "limited at the other table too")).code).toBe("rate-limited");
    await Promise.all([t.a.leave(), t.b.leave(), t.w.leave(), other.leave()]);
  });

  it("mutes one speaker, turns chat off, and keeps spectators in their own channel", async () => {
    const t = await table(null, null, ["Pia", "Quin"]);
    // A spectator's line: the other spectators' channel, seen by players who keep it on.
    t.w.send(CHAT_CLIENT.say, { phrase: "wp" });
    const spectatorLine = await until(() => t.sa.lines[0], "A sees the spectators' channel");
    expect(spectatorLine).toMatchObject({ channel: "spectators", seat: null, name: "Wes" });
    t.a.send(CHAT_CLIENT.prefs, { spectators: false });
    t.b.send(CHAT_CLIENT.prefs, { mute: spectatorLine.from });
    t.w.send(CHAT_CLIENT.say, { phrase: "thanks" });
    await until(() => t.sw.lines.length >= 2, "the spectator sees its own lines");
    t.b.send(CHAT_CLIENT.say, { phrase: "hurry" });
    await until(() => t.sa.lines.length >= 2, "A sees B");
    expect(t.sa.lines.map((l) => l.phrase)).toEqual(["wp", "hurry"]);
    expect(t.sb.lines.map((l) => l.phrase)).toEqual(["wp", "hurry"]);
    await until(() => t.sw.lines.length >= 3, "the spectator sees B");
    // Chat off: nothing more arrives (a refused message after it shows the server has it).
    t.w.send(CHAT_CLIENT.prefs, { off: true });
    t.w.send(CHAT_CLIENT.prefs, { off: "yes" });
    await until(() => t.sw.rejected[0], "the spectator's settings are in");
    t.a.send(CHAT_CLIENT.say, { phrase: "smile" } as never);
    t.a.send(CHAT_CLIENT.say, { emote: "smile" });
    await until(() => t.sb.lines.length >= 3, "B sees the emote");
    expect(t.sw.lines.map((l) => l.phrase)).toEqual(["wp", "thanks", "hurry"]);
    t.a.send(CHAT_CLIENT.prefs, { mute: "everyone" });
    expect((await until(() => t.sa.rejected.find((r) => r.message.includes("chatPrefs")), "bad prefs refused")).code).toBe(
      "invalid-message",
    );
    await Promise.all([t.a.leave(), t.b.leave(), t.w.leave()]);
  });

  it("allows quick phrases only while a ranked game is in play", async () => {
    const [c, d] = await Promise.all([account("Cat", true), account("Dan", true)]);
    const seatAt = async (token: string) => {
      const sdk = new Client(base);
      const queue = await sdk.joinOrCreate("ranked_devils_scat", { token });
      queue.onMessage("*", () => undefined);
      queue.onMessage("matchFound", () => queue.send("accept"));
      return new Promise<ClientRoom>((resolve, reject) =>
        queue.onMessage("seat", (r) => {
          queue.send("confirm");
          sdk.consumeSeatReservation(r).then(resolve, reject);
        }),
      );
    };
    const [tc, td] = await Promise.all([seatAt(c), seatAt(d)]);
    const sc = listen(tc);
    const sd = listen(td);
    await until(() => (tc.state as any)?.status === "playing", "the ranked game starts");
    tc.send(CHAT_CLIENT.say, { text: "good luck" });
    expect((await until(() => sc.rejected[0], "text refused in ranked play")).code).toBe("chat-quick-only");
    tc.send(CHAT_CLIENT.say, { phrase: "gg" });
    expect((await until(() => sd.lines[0], "the quick phrase goes through")).phrase).toBe("gg");
    await Promise.all([tc.leave(), td.leave()]);
  });

  it("counts a line by characters in any script: 200 Cyrillic, CJK or emoji arrive whole, the 201st is too long; a report note holds 500", async () => {
    const [kat, lev] = await Promise.all([account("Kat", true), account("Lev", true)]);
    const t = await table(kat, lev, ["Kat", "Lev"]);
    const lines = ["ж".repeat(200), "漢".repeat(200), "😀".repeat(200)];
    for (const text of lines) t.a.send(CHAT_CLIENT.say, { text });
    await until(() => t.sb.lines.length >= 3 || t.sa.rejected.length > 0, "three long lines");
    expect(t.sa.rejected).toEqual([]);
    expect(t.sb.lines.map((l) => l.text)).toEqual(lines);
    t.a.send(CHAT_CLIENT.say, { text: "ж".repeat(201) });
    expect((await until(() => t.sa.rejected[0], "201 characters refused")).code).toBe("chat-too-long");
    // A report from the table with the longest note the docs and the page allow, in CJK (1,500 bytes).
    const reported: unknown[] = [];
    t.a.onMessage("reported", (m) => reported.push(m));
    const levSeat = await waitSeat(t.b);
    t.a.send("report", { seat: levSeat, reason: "other", note: "漢".repeat(500) });
    await until(() => reported.length > 0 || t.sa.rejected.length > 1, "the report is answered");
    expect(t.sa.rejected.slice(1)).toEqual([]);
    expect(reported).toHaveLength(1);
    t.a.send("report", { seat: levSeat, reason: "other", note: "漢".repeat(501) });
    expect((await until(() => t.sa.rejected[1], "a 501-character note refused")).code).toBe("invalid-message");
    await Promise.all([t.a.leave(), t.b.leave(), t.w.leave()]);
  });
});
