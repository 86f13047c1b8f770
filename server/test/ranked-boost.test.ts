/**
 * Boosting costs more than it gains (docs/API.md, "Ratings" and "Who is on a board"), on a seeded
 * simulation through real rated matches: the outside two-address booster (10 wins over fresh dumper
 * accounts that play out and lose) gains under 50 points and is not on the board; honest weekly
 * groups who mostly meet each other are not held off it.
 */
import { appMigrations } from "../src/migrations.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../src/db/database.ts";
import { Sim, booster, honestGroups, type BoosterResult } from "./bench/boost-sim.ts";
import { clearHold, holdReasons, openHolds } from "../src/moderation/holds.ts";

const START = Date.UTC(2026, 0, 5);

describe("boosting", () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ databaseUrl: null, dataDir: null, migrations: appMigrations });
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  let sim: Sim;
  let boost: BoosterResult;
  it("honest weekly groups are not flagged, and the two-address booster gains < 50 points and stays off the board", async () => {
    sim = new Sim(store.db, START);
    const honest = await honestGroups(sim, 43, 3, 4);
    expect(honest.held).toEqual([]);
    // The groups fill the board: the booster has someone to top.
    expect(honest.listed).toBeGreaterThan(10);
    boost = await booster(sim);
    expect(boost.gain).toBeLessThan(50);
    expect(boost.rank).toBeNull();
    // Held by the automatic flag (wins over fresh accounts), not only short of established opponents.
    expect(boost.unlisted).toBe("held");
  }, 60_000);

  it("shows the hold to operators until one clears it; the board still asks for established opponents", async () => {
    const holds = await openHolds(store.db);
    expect(holds.map((h) => h.player.id)).toEqual([boost.id]);
    expect(holds[0]!.reasons).toContain("fresh-losers");
    const actor = { id: null, name: "test-operator" };
    expect(await clearHold(store.db, actor, boost.id, "looked, let it be", sim.now)).toEqual({ cleared: true, game: "devils_scat" });
    expect(await clearHold(store.db, actor, boost.id, "again", sim.now)).toEqual({ cleared: false });
    expect(await openHolds(store.db)).toEqual([]);
    // Cleared, it is still short of five opponents who were established when met.
    expect(await sim.board(boost.id)).toMatchObject({ rank: null, unlisted: "few-opponents" });
    const action = await store.db
      .selectFrom("operator_actions")
      .select(["action", "target_id"])
      .where("action", "=", "clear-hold")
      .execute();
    expect(action).toEqual([{ action: "clear-hold", target_id: boost.id }]);
  }, 30_000);

  it("flags a farm on one network and a pair where one side always loses, not two friends who trade wins", async () => {
    // Aged accounts (not fresh), so only the network and the one-sided record can tell.
    const farmer = await sim.account("farmer", 90, "2001:db8:fa::1", "device-farmer-one");
    const alt = await sim.account("alt", 90, "2001:db8:fa::2", "device-farmer-alt");
    await sim.play(farmer, alt);
    expect(await holdReasons(store.db, farmer, "devils_scat", sim.now)).toEqual([]);
    await sim.play(farmer, alt);
    expect(await holdReasons(store.db, farmer, "devils_scat", sim.now)).toEqual(["shared-network"]);
    const a = await sim.account("friendA", 90, "2001:db8:f1::1", "device-friend-a");
    const b = await sim.account("friendB", 90, "2001:db8:f2::1", "device-friend-b");
    const c = await sim.account("victim", 90, "2001:db8:f3::1", "device-victim-c");
    for (let i = 0; i < 15; i++) await (i % 3 === 2 ? sim.play(b, a) : sim.play(a, b));
    // Ten wins, all over one friend, but the friend won a third of their games: not one-sided.
    expect(await holdReasons(store.db, a, "devils_scat", sim.now)).toEqual([]);
    for (let i = 0; i < 15; i++) await sim.play(b, c);
    expect(await holdReasons(store.db, b, "devils_scat", sim.now)).toEqual(["concentrated"]);
  }, 30_000);
});
