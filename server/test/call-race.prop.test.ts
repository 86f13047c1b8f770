/**
 * Issue 28: the call race property (the truly fastest caller whose call reaches the server within
 * the race's window gets the Joker, over many seeded races with asymmetric delays), and the
 * lying-client kit's bounds, through the production adjudication with simulated time
 * (support/race-sim.ts). PROP_SEED replays a run; PROP_CALL_RACES sets the number of races.
 */
import { createRng } from "@scat/shared";
import { describe, expect, it } from "vitest";
import { serverNow } from "../src/realtime/net-monitor.ts";
import { cheatFigures, honestFigure } from "./support/cheat-bench.ts";
import { pingAll, race, simClient } from "./support/race-sim.ts";

const SEED = process.env.PROP_SEED ?? String(Date.now());
const RACES = Number(process.env.PROP_CALL_RACES ?? 400);

describe("the call race", () => {
  it(`gives the Joker to the truly fastest caller within the window (${RACES} races, PROP_SEED=${SEED})`, () => {
    const rng = createRng(`call-race:${SEED}`);
    let judged = 0, late = 0;
    for (let n = 0; n < RACES; n++) {
      const seats = 2 + rng.int(3);
      const clients = Array.from({ length: seats }, () => simClient({
        down: 5 + rng.next() * 145, up: 5 + rng.next() * 145, jitter: rng.next() * 10, offset: (rng.next() - 0.5) * 20_000,
      }));
      let t = serverNow();
      pingAll(clients, t, 0, rng, 5);
      t += 5_000;
      const reactions = clients.map(() => 250 + rng.next() * 650);
      const sorted = [...reactions].sort((a, b) => a - b);
      // Reaction times closer than the clients' timer resolution are a tie either way.
      if (sorted[1]! - sorted[0]! < 2) continue;
      const fastest = reactions.indexOf(sorted[0]!);
      const out = race(clients, reactions, t, 0, rng);
      if (!out.order.includes(fastest)) { late++; continue; }
      judged++;
      expect(out.order[0], `race ${n}: reactions ${reactions.map((r) => r.toFixed(1))}, judged ${out.judged.map((r) => r.toFixed(1))}`).toBe(fastest);
    }
    // Only a caller more than MAX_COLLECTION_MS farther than the first to arrive can miss the window.
    expect(late).toBeLessThan(RACES * 0.05);
    expect(judged).toBeGreaterThan(RACES * 0.8);
  });
});

describe("the lying-client kit", () => {
  it("gains under 10 ms on average and wins under 5 % against an honest player 30 ms faster, with every lie", () => {
    const figures = cheatFigures(8, 40, `kit:${SEED}`);
    for (const f of figures) {
      expect(f.advantageMs, f.lie).toBeLessThan(10);
      expect(f.winsVsFaster, f.lie).toBeLessThan(0.05);
    }
    const honest = honestFigure(3, 40);
    expect(Math.abs(honest.advantageMs)).toBeLessThan(3);
  });
});
