/**
 * Where accounts play from, as blocks, bans and mutes use it (moderation/traces.ts): an IPv6
 * /64 is one address, an address links only a joiner without a saved account and only for days,
 * a device for a month; addresses that name no subscriber (private, loopback, carrier-grade NAT)
 * bind nothing; nothing is stored in the clear.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Accounts } from "../../src/accounts/accounts.ts";
import { Tokens } from "../../src/accounts/tokens.ts";
import { openStore, type Store } from "../../src/db/database.ts";
import { appMigrations } from "../../src/migrations.ts";
import { ADDRESS_LINK_MS, DEVICE_LINK_MS, Traces, bindingAddress, latestSanction } from "../../src/moderation/traces.ts";

describe("account traces", () => {
  let store: Store;
  let accounts: Accounts;
  beforeAll(async () => {
    store = await openStore({ databaseUrl: null, dataDir: null, migrations: appMigrations });
    accounts = new Accounts(store.db, new Tokens("t".repeat(32)));
  }, 60_000);
  afterAll(async () => {
    await store?.close();
  });

  it("binds subscribers' addresses (an IPv6 /64 as one), never private, loopback or carrier-grade NAT ones", () => {
    expect(bindingAddress("2001:db8:1:2::5")).toBe(bindingAddress("2001:db8:1:2:ffff:1:2:3"));
    expect(bindingAddress("2001:db8:1:3::5")).not.toBe(bindingAddress("2001:db8:1:2::5"));
    expect(bindingAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
    for (const none of [
      "127.0.0.1",
      "::1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "100.64.3.4",
      "fd00::1",
      "fe80::1",
      "unknown",
      "",
      null,
    ])
      expect(bindingAddress(none), String(none)).toBeNull();
  });

  it("links a device for 30 days and an address for 3, the address only when asked, nothing in the clear", async () => {
    let now = 1_000_000_000_000;
    const traces = new Traces(store.db, "secret", () => now);
    const ann = (await accounts.createGuest("Ann")).id;
    const ben = (await accounts.createGuest("Ben")).id;
    await traces.note(ann, "ann-device-01", "2001:db8:1:2::5");
    await traces.note(ben, null, "10.0.0.8");
    expect(await traces.linked(null, "2001:db8:1:2:abcd::1", true)).toEqual([ann]);
    expect(await traces.linked(null, "2001:db8:1:2:abcd::1", false)).toEqual([]);
    expect(await traces.linked(null, "10.0.0.8", true)).toEqual([]);
    expect(await traces.linked("ann-device-01", null, false)).toEqual([ann]);
    const stored = JSON.stringify(await store.db.selectFrom("account_traces").selectAll().execute());
    expect(stored).not.toContain("ann-device-01");
    expect(stored).not.toContain("2001:db8");
    now += ADDRESS_LINK_MS + 60_000;
    expect(await traces.linked(null, "2001:db8:1:2::7", true)).toEqual([]);
    expect(await traces.linked("ann-device-01", null, false)).toEqual([ann]);
    now += DEVICE_LINK_MS;
    expect(await traces.linked("ann-device-01", null, false)).toEqual([]);
    // A sanction's latest end among linked accounts.
    await store.db
      .insertInto("account_sanctions")
      .values({ player_id: ben, kind: "ban", until: now + 5_000, action_id: "x", at: now })
      .execute();
    expect(await latestSanction(store.db, [ann, ben], "ban", now)).toBe(now + 5_000);
    expect(await latestSanction(store.db, [ann, ben], "mute", now)).toBeNull();
  });
});
