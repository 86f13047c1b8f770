/**
 * Names through a real server (PGlite in memory): every spoofing name of spoofs.ts is a 400
 * `bad-name` with a reason on guest creation and on rename, never a 500 or an error log line; a
 * name that looks like a registered player's is refused for everyone else; renames are limited
 * (429 with Retry-After); a table join with a bad name is refused with the reason, a good one
 * is seated normalised.
 */
import { Client } from "@colyseus/sdk";
import { matchMaker, type Server } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createServer } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { logger } from "../../src/logger.ts";
import { freePort, waitSeat } from "../helpers.ts";
import { SPOOFS } from "./spoofs.ts";

let server: Server;
let base = "";
beforeAll(async () => {
  const port = await freePort();
  server = createServer(
    loadConfig({
      BOT_DELAY_MS: "1-5",
      LOG_LEVEL: "silent",
      DATA_DIR: ":memory:",
      ACCOUNTS_PER_HOUR: "1000",
      RENAMES_PER_DAY: "2",
      MATCHMAKE_RATE_PER_SECOND: "10000",
      MATCHMAKE_BURST: "10000",
      PORT: String(port),
    }),
  );
  await server.listen(port, "127.0.0.1");
  base = `http://127.0.0.1:${port}`;
  await api("/accounts/sign-in", { body: { username: "warm-up", password: "x" } }); // opens PGlite once
}, 240_000);
afterAll(async () => {
  await server.gracefullyShutdown(false);
});

async function api(
  path: string,
  init: { token?: string; body?: unknown; raw?: string } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(`${base}/api${path}`, {
    method: init.body === undefined && init.raw === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.raw !== undefined ? { body: init.raw } : init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

async function guest(name: string): Promise<{ id: string; token: string; name: string }> {
  const res = await api("/accounts/guest", { body: { name, token: true } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.player.id, token: res.body.token, name: res.body.player.name };
}

async function registered(name: string, username: string): Promise<{ id: string; token: string }> {
  const g = await guest(name);
  const res = await api("/accounts/register", { token: g.token, body: { username, password: "correct horse battery" } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // Saving the account replaces the guest's token with a new one.
  return { ...g, token: res.body.token };
}

function expectBadName(res: { status: number; body: any }, reason: RegExp): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error).toBe("bad-name");
  expect(res.body.message).toMatch(reason);
}

describe("names over HTTP", () => {
  it.each(SPOOFS)("refuses a guest named with %s: 400 bad-name and no error logged", async (_what, name, reason) => {
    const errors = vi.spyOn(logger, "error");
    try {
      expectBadName(await api("/accounts/guest", { body: { name } }), reason);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it("refuses the same names on rename and leaves the name as it was", async () => {
    const ann = await guest("Ann");
    for (const [, name, reason] of SPOOFS) expectBadName(await api("/me/name", { token: ann.token, body: { name } }), reason);
    expect((await api("/me", { token: ann.token })).body.player.name).toBe("Ann");
  });

  it("answers a NUL in raw JSON or a name that is not text with 400, names a nameless guest, and stores names normalised", async () => {
    expectBadName(await api("/accounts/guest", { raw: '{"name":"Ann\\u0000"}' }), /control/);
    expectBadName(await api("/accounts/guest", { body: { name: 5 } }), /must be text/);
    // No name at all is not an error: the guest gets a generated one (names/generate.ts).
    const nameless = await api("/accounts/guest", { body: { token: true } });
    expect(nameless.status).toBe(201);
    expect(nameless.body.player.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+( \d+)?$/);
    expect((await guest("  \uff21da   L.  ")).name).toBe("Ada L.");
  });

  it("answers a NUL or a broken surrogate anywhere in a request with 400 JSON, never a 500, and logs no error", async () => {
    const errors = vi.spyOn(logger, "error");
    try {
      for (const path of [
        "/players/%00",
        "/players/x%00/history/devils_scat",
        "/matches/%00/log",
        "/leaderboard/%00",
        "/players/%ED%A0%80",
        "/players/%E0%A4%A",
      ]) {
        const res = await api(path);
        expect(res.status, path).toBe(400);
        expect(res.body.error, path).toBe("bad-request");
      }
      for (const raw of ['{"username":"a\\u0000b","password":"x"}', '{"username":"a\\ud800","password":"x"}']) {
        const res = await api("/accounts/sign-in", { raw });
        expect(res.status, raw).toBe(400);
        expect(res.body).toMatchObject({
          error: "bad-request",
          message: expect.stringMatching(/"username" holds a NUL character or broken text/),
        });
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it("refuses a name that looks like a registered player's to every other account, not to the player", async () => {
    const booster = await registered("Booster", "booster_main");
    // "Вooѕter" mixes Cyrillic into Latin: refused before its skeleton ("Booster") is even compared.
    expectBadName(await api("/accounts/guest", { body: { name: "\u0412oo\u0455ter" } }), /alphabets/);
    for (const alike of ["B00ster", "BOOSTER", "Booster", "booster_rnain"]) {
      expectBadName(await api("/accounts/guest", { body: { name: alike } }), /looks the same as a registered player/);
    }
    // All Cyrillic passes the script rule; its skeleton is the registered Latin name's.
    await registered("cope", "cope_player");
    expectBadName(await api("/accounts/guest", { body: { name: "\u0441\u043e\u0440\u0435" } }), /looks the same as a registered player/);
    const other = await guest("Other");
    expectBadName(await api("/me/name", { token: other.token, body: { name: "B0OSTER" } }), /registered player/);
    // The player may write their own name differently.
    expect((await api("/me/name", { token: booster.token, body: { name: "BOOSTER" } })).body.player.name).toBe("BOOSTER");
    // A guest's name is not protected: two guests may both be "Sam".
    await guest("Sam");
    await guest("Sam");
  });

  it("keeps usernames unique by skeleton and out of registered players' names", async () => {
    await registered("Cleo", "Dolly_99");
    const g = await guest("Someone");
    for (const username of ["DOLLY_99", "Do11y_99", "DoIIy_99", "Cleo"]) {
      const res = await api("/accounts/register", { token: g.token, body: { username, password: "correct horse battery" } });
      expect(res.status, username).toBe(409);
      expect(res.body.error).toBe("username-taken");
    }
    // A guest whose display name is a registered player's (taken before that player registered) must change it first.
    const early = await guest("Quentin");
    await registered("Quentin Q", "quentin");
    const res = await api("/accounts/register", {
      token: early.token,
      body: { username: "early_bird", password: "correct horse battery" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "bad-name", message: expect.stringMatching(/change it before registering/) });
  });

  it("limits renames per account with 429 and Retry-After, and a refused name does not count", async () => {
    const dee = await guest("Dee");
    expect((await api("/me/name", { token: dee.token, body: { name: "Dee 1" } })).status).toBe(200);
    expect((await api("/me/name", { token: dee.token, body: { name: "Dee\u202e" } })).status).toBe(400);
    expect((await api("/me/name", { token: dee.token, body: { name: "Dee 1" } })).status).toBe(200); // unchanged: not counted
    expect((await api("/me/name", { token: dee.token, body: { name: "Dee 2" } })).status).toBe(200);
    const third = await api("/me/name", { token: dee.token, body: { name: "Dee 3" } });
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ error: "too-many-renames", message: expect.stringMatching(/2 times a day/) });
    const wait = Number(third.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(86_000);
    expect(wait).toBeLessThanOrEqual(86_400);
    expect((await api("/me", { token: dee.token })).body.player.name).toBe("Dee 2");
    // Another account has its own allowance.
    expect((await api("/me/name", { token: (await guest("Eli")).token, body: { name: "Eli 1" } })).status).toBe(200);
  });
});

describe("names at a table (join options)", () => {
  it.each(SPOOFS.filter(([, name]) => typeof name === "string" && name !== ""))(
    "refuses a join named with %s, with the reason",
    async (_what, name, reason) => {
      const err = await new Client(base).joinOrCreate("devils_scat", { name, bots: 1 }).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(err).toBeInstanceOf(Error);
      expect(err!.message).toMatch(/bad join options: bad-name: /);
      expect(err!.message).toMatch(reason);
      expect(await matchMaker.query({ name: "devils_scat" })).toEqual([]); // no table was opened for it
    },
  );

  it("refuses a casual table's name that looks like a registered player's, except to that player", async () => {
    const owner = await registered("Harbour", "harbour_main");
    const room = await new Client(base).create("devils_scat", { name: "Host", seats: 3, bots: 0, private: true });
    await waitSeat(room);
    for (const alike of ["HARBOUR", "Harb0ur"]) {
      await expect(new Client(base).joinById(room.roomId, { name: alike })).rejects.toThrow(
        /bad-name: that name looks the same as a registered player's name/,
      );
    }
    // The player with their own session (here a personal token) sits under their name.
    const own = await new Client(base).joinById(room.roomId, { name: "HARBOUR", token: owner.token, playerId: "harbour-own-seat-01" });
    const seat = await waitSeat(own);
    expect((matchMaker.getLocalRoomById(room.roomId) as any).seating.slots[seat].name).toBe("HARBOUR");
    await Promise.all([own.leave(), room.leave()]);
  });

  it("refuses a spectator's name that looks like a registered player's display name or username, except to that player", async () => {
    const vera = await registered("Vera", "gatekeeper_op");
    const room = await new Client(base).create("devils_scat", { name: "Host", seats: 3, bots: 0, private: true });
    await waitSeat(room);
    for (const alike of ["Vera", "VERA", "gatekeeper_op", "GATEKEEPER_0P"]) {
      await expect(new Client(base).joinById(room.roomId, { name: alike, spectate: true }), alike).rejects.toThrow(
        /bad-name: that name looks the same as a registered player's name/,
      );
    }
    const table = matchMaker.getLocalRoomById(room.roomId) as any;
    expect(table.chat.watchers().count).toBe(0);
    // Vera herself watches under her name.
    const own = await new Client(base).joinById(room.roomId, { name: "Vera", spectate: true, token: vera.token });
    await vi.waitFor(() => {
      expect(table.chat.watchers().names).toEqual(["Vera"]);
    });
    await Promise.all([own.leave(), room.leave()]);
  });

  it("refuses staff titles and listed words at a table and on the API, with a reason that names what is wrong", async () => {
    expectBadName(
      await api("/accounts/guest", { body: { name: "Adm1n" } }),
      /"Adm1n" reads as "Admin": names that pass for the site's staff are reserved/,
    );
    expectBadName(await api("/accounts/guest", { body: { name: "f\u00fcck face" } }), /a word this site does not allow/);
    // A username is shown too ("@name"): the same words are refused, and nothing is saved.
    const g = await guest("Wordy");
    expectBadName(
      await api("/accounts/register", { token: g.token, body: { username: "sh1t_head", password: "correct horse battery" } }),
      /username contains a word/,
    );
    expect((await api("/me", { token: g.token })).body.player.username).toBeNull();
    const room = await new Client(base).create("devils_scat", { name: "Host", seats: 3, bots: 0, private: true });
    await waitSeat(room);
    await expect(new Client(base).joinById(room.roomId, { name: "M0derator", spectate: true })).rejects.toThrow(
      /bad-name: "M0derator" reads as "Moderator"/,
    );
    await expect(new Client(base).joinById(room.roomId, { name: "Operator" })).rejects.toThrow(/bad-name: "Operator" reads as "Operator"/);
    await expect(new Client(base).joinById(room.roomId, { name: "s h i t", spectate: true })).rejects.toThrow(
      /bad-name: .*word this site does not allow/,
    );
    await room.leave();
  });

  it("seats a good name normalised", async () => {
    const room = await new Client(base).joinOrCreate("devils_scat", { name: "  \uff3aoe\u0308  ", seats: 2, private: true });
    const seat = await waitSeat(room);
    expect((room.state as any).seats[seat].name).toBe("Zo\u00eb");
    // Joining a table that exists: refused in onAuth, with the reason.
    await expect(new Client(base).joinById(room.roomId, { name: "\u202enimdA" })).rejects.toThrow(
      /bad join options: bad-name: .*formatting/,
    );
    await expect(new Client(base).joinById(room.roomId, { name: "Ann\u0000" })).rejects.toThrow(/bad-name: .*control/);
    expect((room.state as any).seats.filter((s: any) => s.name !== "").map((s: any) => s.name)).toEqual(["Zo\u00eb"]);
    await room.leave();
  });
});

describe('accounts still named "Player"', () => {
  it("get a generated name when they next read /api/me, not counted as a rename", async () => {
    const pat = await guest("Pat");
    // An account from before generated names: "Player" (a rename can still set it, as older pages did).
    expect((await api("/me/name", { token: pat.token, body: { name: "Player" } })).body.player.name).toBe("Player");
    const seen = await api("/me", { token: pat.token });
    expect(seen.body.player.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+( \d+)?$/);
    expect((await api("/me", { token: pat.token })).body.player.name).toBe(seen.body.player.name);
    // One rename of the day's two was used (to "Player"); the generated name took none.
    expect((await api("/me/name", { token: pat.token, body: { name: "Pat" } })).status).toBe(200);
  });
});

// Last in this file: it registers the default name, which every other test's nameless join uses.
describe("the default name", () => {
  it("stays free to everyone at a table when a registered account shows it", async () => {
    // A new guest asking for "Player" gets a generated name; an old account renamed to it still shows it.
    const plain = await registered("Plain", "plain_player");
    expect((await api("/me/name", { token: plain.token, body: { name: "Player" } })).body.player.name).toBe("Player");
    const room = await new Client(base).create("devils_scat", { seats: 3, bots: 0, private: true });
    await waitSeat(room);
    const watcher = await new Client(base).joinById(room.roomId, { spectate: true });
    const table = matchMaker.getLocalRoomById(room.roomId) as any;
    await vi.waitFor(() => {
      expect(table.chat.watchers().names).toEqual(["Player"]);
    });
    await Promise.all([watcher.leave(), room.leave()]);
  });
});
