/**
 * Blocked pairs are never seated together: through the HTTP API a saved account
 * blocks a player (a guest may not), then quick play sends the blocked player to another table
 * while a third player joins the blocker's, a client's own `__apart`/`__account` options are
 * ignored, and the ranked queue pairs each of the two with a third player, never with each other.
 * A report through the API is stored and an operator-only list refuses everyone else.
 */
import { Client, type Room as ClientRoom } from "@colyseus/sdk";
import type { Server } from "@colyseus/core";
import { quickPlayKey } from "@scat/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { createServer } from "../../src/app.ts";
import { freePort, leaveRoom } from "../helpers.ts";

let server: Server;
const mark = (what: string) => {
  if (process.env["KEEP_APART_TRACE"]) process.stderr.write(`${new Date().toISOString()} ${what}\n`);
};
let base = "";
beforeAll(async () => {
  const port = await freePort();
  server = createServer(
    loadConfig({
      RANKED_GUESTS: "1",
      RANKED_MIN_GAMES: "0",
      RANKED_SAME_ADDRESS: "1",
      RANKED_ABORT_STEPS: "0",
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
  // Opening PGlite (WebAssembly) takes seconds on a loaded machine: once, here.
  await api("/accounts/sign-in", { body: { username: "warm-up", password: "x" } });
}, 240_000);
afterAll(async () => {
  await server.gracefullyShutdown(false);
});

async function api(
  path: string,
  init: { method?: string; token?: string | undefined; body?: unknown } = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}/api${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function guest(name: string): Promise<{ id: string; token: string }> {
  const res = await api("/accounts/guest", { body: { name, token: true } });
  expect(res.status).toBe(201);
  return { id: res.body.player.id, token: res.body.token };
}

/** Saves a guest account; the token saving it is replaced by the one in the answer. */
async function save(account: { token: string }, username: string, password: string): Promise<void> {
  const res = await api("/accounts/register", { token: account.token, body: { username, password } });
  expect(res.status).toBe(200);
  account.token = res.body.token;
}

const quick = (name: string, extra: Record<string, unknown> = {}) => {
  const o = { name, seats: 3, bots: 0, turnSeconds: 30, variants: {} };
  return { ...o, mode: quickPlayKey(o as never), ...extra };
};

function queue(token: string): { table: Promise<ClientRoom>; leave: () => Promise<unknown> } {
  const sdk = new Client(base);
  const joined = sdk.joinOrCreate("ranked_devils_scat", { token });
  const table = joined.then(
    (q) =>
      new Promise<ClientRoom>((resolve, reject) => {
        q.onMessage("*", () => undefined);
        q.onMessage("matchFound", () => q.send("accept"));
        q.onMessage("seat", (reservation) => {
          q.send("confirm");
          sdk.consumeSeatReservation(reservation).then(resolve, reject);
        });
      }),
  );
  return { table, leave: async () => leaveRoom(await joined) };
}

describe("blocked pairs", () => {
  it("a saved account blocks over the API; quick play and the ranked queue never seat the pair together", async () => {
    const [ann, ben, cat] = [await guest("Ann"), await guest("Ben"), await guest("Cat")];
    // Attack: a guest cannot block (or report): it would cost nothing to make many.
    expect((await api("/blocks", { token: ben.token, body: { playerId: ann.id } })).status).toBe(403);
    await save(ann, "ann_blocks", "plaid-kettle-orbit-42");
    expect((await api("/blocks", { token: ann.token, body: { playerId: ben.id } })).status).toBe(201);
    expect((await api("/blocks", { token: ann.token })).body.blocked.map((b: { id: string }) => b.id)).toEqual([ben.id]);

    mark("const a = await");
    const a = await new Client(base).joinOrCreate("devils_scat", quick("Ann", { token: ann.token }));
    const b = await new Client(base).joinOrCreate("devils_scat", quick("Ben", { token: ben.token }));
    expect(b.roomId).not.toBe(a.roomId);
    // Attack: a client's own kept-apart options are dropped (Cat cannot keep herself from Ann, or pose as Ben).
    const c = await new Client(base).joinOrCreate("devils_scat", quick("Cat", { token: cat.token, __apart: [ann.id], __account: ben.id }));
    expect(c.roomId).toBe(a.roomId);
    // Ben, again: still not at Ann's table, which has an open seat; he gets his own (Cat is not kept from him).
    const b2 = await new Client(base).joinOrCreate("devils_scat", quick("Ben", { token: ben.token }));
    expect(b2.roomId).not.toBe(a.roomId);
    await Promise.all([a.leave(), b.leave(), c.leave(), b2.leave()]);

    // Ranked (two seats): Ann and Ben wait, unpaired; Cat comes and is paired with one of them.
    mark("const qa = queue");
    const qa = queue(ann.token);
    const qb = queue(ben.token);
    let seatedEarly = false;
    void qa.table.then(() => {
      seatedEarly = true;
    });
    void qb.table.then(() => {
      seatedEarly = true;
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(seatedEarly).toBe(false);
    mark("const qc = queue");
    const qc = queue(cat.token);
    const tc = await qc.table;
    mark("const other = await");
    const other = await Promise.race([qa.table, qb.table]);
    expect(other.roomId).toBe(tc.roomId);
    await Promise.all([leaveRoom(tc), leaveRoom(other), qa.leave(), qb.leave()]);
  }, 60_000);

  it("an account an operator banned cannot sit at a table until the ban ends", async () => {
    const ban = await guest("Banned");
    const { TableRoom } = await import("../../src/table/table-room.ts");
    const { sanction } = await import("../../src/moderation/reports.ts");
    await sanction(
      await TableRoom.platform.db(),
      { id: null, name: "test" },
      { accountId: ban.id, sanction: "ban", reason: "test ban", minutes: 5 },
    );
    await expect(new Client(base).joinOrCreate("devils_scat", quick("Banned", { token: ban.token }))).rejects.toThrow(/account-banned/);
    // Without the account, from a device and an address the account never played from, the seat is not refused
    // (the device and address binding is shown by social/moderation-binds.test.ts).
    const anon = await new Client(base).joinOrCreate("devils_scat", quick("Someone"));
    await anon.leave();
  }, 30_000);

  it("a report is stored with its chat; only an operator may list reports", async () => {
    const [rep, bad, far] = [await guest("Rae"), await guest("Rude"), await guest("Far")];
    expect(
      (
        await api("/reports", {
          token: rep.token,
          body: { playerId: bad.id, reason: "abusive-chat", game: "devils_scat", tableId: "T1", chat: [] },
        })
      ).status,
    ).toBe(403);
    await save(rep, "rae_reports", "velvet-anchor-pond-77");
    // Chat lines written by the reporter are not evidence (report-evidence.test.ts): refused; the note is the reporter's words.
    expect(
      (
        await api("/reports", {
          token: rep.token,
          body: {
            playerId: far.id,
            reason: "abusive-chat",
            game: "devils_scat",
            tableId: "T1",
            chat: [{ name: "Rude", seat: 1, text: "<script>x</script>", at: 1 }],
          },
        })
      ).status,
    ).toBe(400);
    const filed = await api("/reports", {
      token: rep.token,
      body: { playerId: far.id, reason: "abusive-chat", note: "see chat", game: "devils_scat", tableId: "T1" },
    });
    expect(filed.status).toBe(201);
    expect(
      (await api("/reports", { token: rep.token, body: { playerId: far.id, reason: "not-a-reason", game: "devils_scat", tableId: "T1" } }))
        .status,
    ).toBe(400);
    expect((await api("/operator/reports", { token: rep.token })).status).toBe(403);

    // At the table: a seat is named, never an account id; the room fills in the account and the log.
    const mode = { name: "Rae", seats: 2, bots: 0, turnSeconds: 30, variants: {} };
    const raeRoom = await new Client(base).create("devils_scat", { ...mode, private: true, token: rep.token });
    const seen: { type: string; message: any }[] = [];
    raeRoom.onMessage("*", (type, message) => seen.push({ type: String(type), message }));
    const rudeRoom = await new Client(base).joinById(raeRoom.roomId, { name: "Rude", token: bad.token });
    const rudeSeen: { type: string; message: any }[] = [];
    rudeRoom.onMessage("*", (type, message) => rudeSeen.push({ type: String(type), message }));
    const { until } = await import("../helpers.ts");
    const rudeSeat = await until(() => rudeSeen.find((m) => m.type === "seated")?.message.seat as number | undefined, "Rude seated");
    // Attacks: a guest's report is refused; a bad body is refused without an echo; one's own seat has nothing to report.
    rudeRoom.send("report", { seat: 1 - rudeSeat, reason: "cheating" });
    await until(() => rudeSeen.find((m) => m.type === "rejected" && m.message.code === "register-first"), "guest refused");
    raeRoom.send("report", { seat: rudeSeat, reason: "<img src=x>" });
    await until(
      () => seen.find((m) => m.type === "rejected" && m.message.code === "invalid-message" && !String(m.message.message).includes("<img")),
      "bad reason refused",
    );
    raeRoom.send("report", { seat: 1 - rudeSeat, reason: "cheating" });
    await until(() => seen.find((m) => m.type === "rejected" && m.message.code === "no-account"), "own seat refused");
    raeRoom.send("report", { seat: rudeSeat, reason: "cheating", note: "knew my cards" });
    await until(() => seen.find((m) => m.type === "reported"), "reported");
    raeRoom.send("block", { seat: rudeSeat });
    await until(() => seen.find((m) => m.type === "blocked"), "blocked");
    expect((await api("/blocks", { token: rep.token })).body.blocked.map((b: { id: string }) => b.id)).toEqual([bad.id]);
    // Blocked means not heard: Rude's quick phrase reaches Rude (his own line) but never Rae.
    rudeRoom.send("chat", { phrase: "gg" });
    await until(() => rudeSeen.find((m) => m.type === "chat" && m.message.phrase === "gg"), "Rude's own line");
    raeRoom.send("chat", { phrase: "thanks" });
    await until(() => seen.find((m) => m.type === "chat" && m.message.phrase === "thanks"), "Rae's own line");
    expect(seen.some((m) => m.type === "chat" && m.message.phrase === "gg")).toBe(false);
    const { TableRoom } = await import("../../src/table/table-room.ts");
    const { listReports } = await import("../../src/moderation/reports.ts");
    const atTable = (await listReports(await TableRoom.platform.db())).find((r) => r.tableId === raeRoom.roomId);
    expect(atTable).toMatchObject({
      reporter: { id: rep.id },
      reported: { id: bad.id },
      reason: "cheating",
      note: "knew my cards",
      game: "devils_scat",
    });
    await Promise.all([raeRoom.leave(), rudeRoom.leave()]);
  }, 60_000);
});
