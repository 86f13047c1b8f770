/**
 * What counts as stalling at a table (server/src/conduct/table-conduct.ts): a deadline passing on
 * a player's own turn does; a race going on without a slow player (losing a slap race) and the
 * pause between hands going on by itself do not. A newcomer slower than the others in every race
 * of Hit the Deck plays the game to the end: it is a finished casual game (it counts toward
 * ranked play), not "timed-out".
 */
import { describe, expect, it } from "vitest";
import { TableConduct, stalledSeats } from "../src/conduct/table-conduct.ts";

const seats = [0, 1].map((index) => ({ index, accountId: `acct-${index}`, left: false }));

describe("stalling", () => {
  it("a player who loses every race and lets the between-hands pause run out still completes the game", () => {
    const conduct = new TableConduct(2);
    for (let hand = 0; hand < 4; hand++) {
      conduct.acted(0);
      conduct.acted(1);
      // Seat 1 is the slowest in three races in a row: each race closes at its deadline without it.
      for (let race = 0; race < 3; race++) conduct.timedOut(stalledSeats({ phase: "race" }, [1]));
      conduct.timedOut(stalledSeats({ phase: "roundOver" }, [0, 1]));
    }
    const out = conduct.outcomes("hit_the_deck", "T1", false, seats, 1);
    expect(out.map((o) => o.outcome)).toEqual(["completed", "completed"]);
  });

  it("a deadline on the player's own turn still counts: three in a row is timed-out", () => {
    const conduct = new TableConduct(2);
    conduct.acted(0);
    for (let turn = 0; turn < 3; turn++) conduct.timedOut(stalledSeats({ phase: "turn", turn: 1 }, [1]));
    const out = conduct.outcomes("devils_scat", "T2", false, seats, 1);
    expect(out.map((o) => o.outcome)).toEqual(["completed", "timed-out"]);
  });
});
