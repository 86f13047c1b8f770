/**
 * The passkey and recovery-code stores on their own clock (accounts/passkeys.ts,
 * accounts/recovery-codes.ts): a challenge answered after it lapsed is refused; a recovery
 * code's leave to set a password without the old one ends after its window; and the relying
 * party a request is bound to (PUBLIC_URL first, behind a proxy; else the page's own scheme and
 * host).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../src/db/database.ts";
import { appMigrations } from "../../src/migrations.ts";
import { Accounts } from "../../src/accounts/accounts.ts";
import { Tokens } from "../../src/accounts/tokens.ts";
import { CHALLENGE_MS, Passkeys, relyingParty } from "../../src/accounts/passkeys.ts";
import { RecoveryCodes, RESET_WINDOW_MS } from "../../src/accounts/recovery-codes.ts";
import type { Player } from "../../src/db/schema.ts";
import { SoftAuthenticator } from "./soft-authenticator.ts";

let store: Store;
let player: Player;
let now = 1_000_000;
const clock = () => now;
const rp = { id: "cards.example", origin: "https://cards.example" };

beforeAll(async () => {
  store = await openStore({ databaseUrl: null, dataDir: null, migrations: appMigrations });
  const guest = await new Accounts(store.db, new Tokens("s".repeat(32))).createGuest("Clocked");
  player = await store.db
    .updateTable("players")
    .set({ username: "clocked", username_key: "clocked" })
    .where("id", "=", guest.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}, 60_000);
afterAll(async () => {
  await store?.close();
});

describe("challenges", () => {
  it("are refused once they lapse, and work once before", async () => {
    const passkeys = new Passkeys(store.db, clock);
    const auth = new SoftAuthenticator();
    const late = await passkeys.registrationOptions(rp, player);
    now += CHALLENGE_MS + 1;
    expect(await passkeys.register(rp, player, auth.register(late, { origin: rp.origin }) as never, "late")).toBe("bad-challenge");
    // A second registration started replaces the first (one under way per account).
    const replaced = await passkeys.registrationOptions(rp, player);
    const options = await passkeys.registrationOptions(rp, player);
    expect(await passkeys.register(rp, player, auth.register(replaced, { origin: rp.origin }) as never, "replaced")).toBe("bad-challenge");
    expect(await passkeys.register(rp, player, auth.register(options, { origin: rp.origin }) as never, "in time")).toMatchObject({
      label: "in time",
    });

    const ask = await passkeys.signInOptions(rp);
    now += CHALLENGE_MS + 1;
    expect(await passkeys.signIn(rp, auth.signIn(ask, { origin: rp.origin }) as never)).toBe("bad-challenge");
    const again = await passkeys.signInOptions(rp);
    now += CHALLENGE_MS - 1000;
    expect(await passkeys.signIn(rp, auth.signIn(again, { origin: rp.origin }) as never)).toEqual({ playerId: player.id });
    // Lapsed challenges are swept as new ones are made.
    now += CHALLENGE_MS * 2;
    await passkeys.signInOptions(rp);
    expect((await store.db.selectFrom("webauthn_challenges").selectAll().execute()).length).toBe(1);
  });
});

describe("a recovery code's leave to set a password", () => {
  it("lasts RESET_WINDOW_MS for the session it started, and only that one", async () => {
    const codes = new RecoveryCodes(store.db, clock);
    const [first, second] = await codes.generate(player.id);
    const used = await codes.use("Clocked", first!);
    expect(used?.player.id).toBe(player.id);
    expect(await codes.use("clocked", first!)).toBeNull();
    await codes.grantReset(used!.code, "session-a");
    expect(await codes.mayReset(player.id, "session-a")).toBe(true);
    expect(await codes.mayReset(player.id, "session-b")).toBe(false);
    now += RESET_WINDOW_MS + 1;
    expect(await codes.mayReset(player.id, "session-a")).toBe(false);
    const next = await codes.use("clocked", second!);
    await codes.grantReset(next!.code, "session-c");
    await codes.spendReset(player.id, "session-c");
    expect(await codes.mayReset(player.id, "session-c")).toBe(false);
    expect((await codes.status(player.id)).remaining).toBe(8);
  });
});

describe("the relying party", () => {
  it("is PUBLIC_URL's host when set, else the scheme and host the request came by", () => {
    expect(relyingParty("https://cards.example", { host: "10.0.0.5:2567", "x-scat-scheme": "http" })).toEqual({
      id: "cards.example",
      origin: "https://cards.example",
    });
    expect(relyingParty("https://cards.example:8443", {})).toEqual({ id: "cards.example", origin: "https://cards.example:8443" });
    expect(relyingParty(null, { host: "localhost:5173", "x-scat-scheme": "http" })).toEqual({
      id: "localhost",
      origin: "http://localhost:5173",
    });
    expect(relyingParty(null, { host: "cards.example", "x-scat-scheme": "https" })).toEqual({
      id: "cards.example",
      origin: "https://cards.example",
    });
    expect(relyingParty(null, {})).toBeNull();
    expect(relyingParty(null, { host: "bad host/x" })).toBeNull();
  });
});
