/**
 * What a step's patch costs each client, replayed deterministically: bot games of every game are
 * projected after each step and encoded as the room does (the shared patch, then each seat's view
 * part). A budget per game, a little above today's figure, catches a change that makes every
 * patch bigger, such as an item's ADD queued twice in its owner's patch (docs/BENCHMARKS.md,
 * "Typed state"; the live figures come from `npm run bench:state`). A change to the frame that
 * costs bytes on purpose moves its budget, with the figure in BENCHMARKS.
 */
import { Encoder, StateView } from "@colyseus/schema";
import { ENGINES } from "@scat/shared/games/registry.ts";
import { describe, expect, it } from "vitest";
import { Match } from "../src/table/match.ts";
import { frameFor, newSeat, projectMatch } from "../src/table/projection.ts";
import { playBotGame } from "./support/bot-game.ts";

/** Bytes per step per client over GAMES bot games (4 seats, or the game's minimum). */
const BUDGET: Record<string, number> = {
  devils_scat: 59.2, // 58.3 on 2026-11-25
  skit_scat: 60.8, // 59.9
  dark_hand: 80.3, // 79.1
  dark_hearts: 116.6, // 114.8
  scatterbrain: 65.3, // 64.3
  hit_the_deck: 73.3, // 72.2
};
const GAMES = 4;

function bytesPerStep(id: string): number {
  const game = ENGINES[id as keyof typeof ENGINES];
  let steps = 0;
  let bytes = 0;
  const seats = Math.max(4, game.minSeats);
  for (let g = 0; g < GAMES; g++) {
    const match = new Match(game, game.optionsSchema.parse({ seats, turnMs: 30_000 }), 1_000, `b-${g}`);
    const frame = frameFor(id);
    const state = new frame.TableState();
    state.game = id;
    for (let i = 0; i < seats; i++) state.seats.push(newSeat(frame, i));
    const encoder = new Encoder(state);
    const views = state.seats.map((seat) => {
      const v = new StateView();
      v.add(seat);
      return v;
    });
    const first = { offset: 0 };
    encoder.encodeAll(first);
    for (const v of views) encoder.encodeAllView(v, first.offset, { ...first });
    encoder.discardChanges();
    steps += playBotGame(game, match, `b-${g}`, () => {
      projectMatch(state, match, () => undefined);
      const it = { offset: 0 };
      encoder.encode(it);
      for (const v of views) bytes += encoder.encodeView(v, it.offset, { ...it }).length;
      encoder.discardChanges();
    });
  }
  return bytes / steps / seats;
}

describe("patch bytes per step and client, bot games replayed", () => {
  for (const id of Object.keys(BUDGET)) {
    it(`${id} stays within its budget`, () => {
      const b = bytesPerStep(id);
      console.log(`${id}: ${b.toFixed(2)} B/step/client (budget ${BUDGET[id]})`);
      expect(b).toBeLessThanOrEqual(BUDGET[id]!);
    });
  }
});
