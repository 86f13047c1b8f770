import { describe, expect, it } from "vitest";
import { ENGINES } from "../games/registry.ts";
import type { DarkHeartsState } from "../games/dark-hearts/state.ts";
import { createRng, rngFor } from "../rng.ts";
import { darkHeartsDeterminizer } from "./dark-hearts.ts";
import { HIDDEN } from "./determinize.ts";
import { createTableMemory } from "./memory.ts";
import { breaksVoid, TrickMemory } from "./trick-memory.ts";

/** Every state of a seeded Dark Hearts game among normal bots, `seats` seats, up to `hands` hands. */
function* gameStates(seed: string, seats: number, hands = 2): Generator<DarkHeartsState> {
  const game = ENGINES.dark_hearts;
  let step = 0;
  let s = game.setup(game.optionsSchema.parse({ seats, turnMs: 30_000 }), { now: 0, rng: rngFor(seed, step++) }).state as DarkHeartsState;
  yield s;
  for (let i = 0; i < 400 && s.round <= hands && game.outcome(s) === null; i++) {
    const seat = game.awaiting(s)[0];
    if (seat === undefined) break;
    const r = game.apply(s, seat, game.bot(s, seat, createRng(`${seed}:${i}`)), { now: 0, rng: rngFor(seed, step++) });
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state as DarkHeartsState;
    yield s;
  }
}

describe("Dark Hearts trick memory (voids)", () => {
  it("is the table's memory for Dark Hearts", () => {
    expect(createTableMemory("dark_hearts")).toBeInstanceOf(TrickMemory);
  });

  it("records a seat as void in a suit (in the trick's shade) only when it is, and forgets at a new hand", () => {
    let recorded = 0;
    for (const seats of [3, 4]) {
      for (let g = 0; g < 8; g++) {
        const memory = new TrickMemory();
        let round = 0;
        for (const s of gameStates(`void-${seats}-${g}`, seats)) {
          memory.observe(s);
          memory.observe(s); // a state seen twice changes nothing
          if (s.round !== round) {
            round = s.round;
            for (let i = 0; i < seats; i++) expect(memory.voids(i), `hand ${round} starts with no voids`).toEqual([]);
          }
          for (let i = 0; i < seats; i++) {
            const voids = memory.voids(i);
            recorded += voids.length;
            // A void is a fact: the seat holds no card of that suit in that shade.
            expect(
              s.hands[i]!.filter((c) => breaksVoid(c, voids)),
              `seat ${i} void in ${JSON.stringify(voids)}`,
            ).toEqual([]);
          }
        }
      }
    }
    // The games do show voids (else this test could not fail).
    expect(recorded).toBeGreaterThan(100);
  });

  it("deals no seat a card of a suit it has shown it is void in, and every unseen card once", () => {
    let checked = 0;
    for (const seats of [3, 4]) {
      for (let g = 0; g < 4; g++) {
        const memory = new TrickMemory();
        let n = 0;
        for (const s of gameStates(`deal-${seats}-${g}`, seats, 1)) {
          memory.observe(s);
          if (s.phase !== "play" || s.turn < 0 || n++ % 3 !== 0) continue;
          const seat = s.turn;
          const known = darkHeartsDeterminizer.mask(s, seat, memory);
          const voided = [...Array(seats).keys()].filter((i) => i !== seat && memory.voids(i).length > 0);
          if (voided.length > 0) expect(known.barred, "the voids reach the deal").toBeDefined();
          for (let k = 0; k < 10; k++) {
            const deal = darkHeartsDeterminizer.fill(known, createRng(`fill-${n}-${k}`));
            for (const i of voided) expect(deal.hands[i]!.filter((c) => breaksVoid(c, memory.voids(i)))).toEqual([]);
            // Same cards in play, each once; own hand and known cards where they were.
            expect([...deal.hands.flat(), ...(deal.leftover === null ? [] : [deal.leftover])].sort()).toEqual(
              [...s.hands.flat(), ...(s.leftover === null ? [] : [s.leftover])].sort(),
            );
            expect(deal.hands[seat]).toEqual(s.hands[seat]);
            expect(deal.hands.flat()).not.toContain(HIDDEN);
            if (voided.length > 0) checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("without a memory the deal is what it was (one shuffle, dealt in seat order)", () => {
    for (const s of gameStates("plain", 4, 1)) {
      if (s.phase !== "play" || s.tricksPlayed < 3 || s.turn < 0) continue;
      const known = darkHeartsDeterminizer.mask(s, s.turn);
      expect(known.barred).toBeUndefined();
      const pool = createRng("p").shuffle(known.unseen);
      const deal = darkHeartsDeterminizer.fill(known, createRng("p"));
      let next = 0;
      for (const [i, h] of known.state.hands.entries()) {
        const expected = h.map((c) => (c === HIDDEN ? pool[next++]! : c));
        expect([...deal.hands[i]!].sort()).toEqual(expected.sort());
      }
      return;
    }
    throw new Error("no state at the fourth trick");
  });
});
