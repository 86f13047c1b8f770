/**
 * Boosting costs more than it gains (docs/API.md, "Ratings" and "Who is on a board"), on a seeded
 * simulation through real rated matches: the outside two-address booster (10 wins over fresh dumper
 * accounts that play out and lose) gains under 50 points and is not on the board; honest weekly
 * groups who mostly meet each other are not held off it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../src/db/database.ts";
import { Sim, booster, honestGroups } from "./bench/boost-sim.ts";

const START = Date.UTC(2026, 0, 5);

describe("boosting", () => {
  let store: Store;
  beforeAll(async () => { store = await openStore({ databaseUrl: null, dataDir: null }); }, 120_000);
  afterAll(async () => { await store?.close(); });

  it("honest weekly groups are not flagged, and the two-address booster gains < 50 points and stays off the board", async () => {
    const sim = new Sim(store.db, START);
    const honest = await honestGroups(sim, 43, 3, 4);
    expect(honest.held).toEqual([]);
    // The groups fill the board: the booster has someone to top.
    expect(honest.listed).toBeGreaterThan(10);
    const boost = await booster(sim);
    expect(boost.gain).toBeLessThan(50);
    expect(boost.rank).toBeNull();
    // Held by the automatic flag (wins over fresh accounts), not only short of established opponents.
    expect(boost.unlisted).toBe("held");
  }, 60_000);
});
