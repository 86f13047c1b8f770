/**
 * Legal actions: in the state or as a message? (docs/benchmarks/state.md, "Typed state"). Bots play
 * whole games of every game; after each step the table is projected twice, once with the seats'
 * legal choices in the state and once without, and each seat's encoded patch is compared: the
 * difference is what the choices cost in the state. The alternative, a per-seat `legal` message
 * after each step that changed a seat's choices, is counted as its frame would be (msgpack).
 *
 * Run: `npm run bench:legal -w server` (GAMES_PER = games per game, default 3).
 */
import { Encoder, StateView } from "@colyseus/schema";
import { pack } from "msgpackr";
import { ENGINES } from "@scat/shared/games/registry.ts";
import { compactLegal } from "../src/table/compact-legal.ts";
import { Match } from "../src/table/match.ts";
import { frameFor, newSeat, projectMatch } from "../src/table/projection.ts";
import type { TableState } from "../src/table/schema.ts";
import { playBotGame } from "./support/bot-game.ts";
const fmt = (n: number): string => n.toFixed(1);

const GAMES_PER = Number(process.env.GAMES_PER ?? 3);

function table(id: string, seats: number): { state: TableState; encoder: Encoder; views: StateView[] } {
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
  const it = { offset: 0 };
  encoder.encodeAll(it);
  for (const v of views) encoder.encodeAllView(v, it.offset, { ...it });
  encoder.discardChanges();
  return { state, encoder, views };
}

/** Bytes each seat's patch of this step takes. */
function patchBytes(t: ReturnType<typeof table>): number {
  const it = { offset: 0 };
  t.encoder.encode(it);
  let total = 0;
  for (const v of t.views) total += t.encoder.encodeView(v, it.offset, { ...it }).length;
  t.encoder.discardChanges();
  return total;
}

console.log("| game | steps | legal in the state: B/step (all seats) | as a message: B/step (all seats) |");
console.log("| --- | --- | --- | --- |");
for (const [id, game] of Object.entries(ENGINES)) {
  let steps = 0;
  let inState = 0;
  let asMessage = 0;
  for (let g = 0; g < GAMES_PER; g++) {
    const seats = Math.max(4, game.minSeats);
    const options = game.optionsSchema.parse({ seats, turnMs: 30_000 });
    const match = new Match(game, options, 1_000, `legal-${g}`);
    const withLegal = table(id, seats);
    const without = table(id, seats);
    const noLegal = Object.assign(Object.create(Object.getPrototypeOf(match)) as Match, match, { legal: () => [] });
    const last: string[] = Array.from({ length: seats }, () => "");
    steps += playBotGame(game, match, `legal-${g}`, () => {
      projectMatch(withLegal.state, match, () => undefined);
      noLegal.state = match.state;
      projectMatch(without.state, noLegal, () => undefined);
      inState += patchBytes(withLegal) - patchBytes(without);
      for (let seat = 0; seat < seats; seat++) {
        const choices = compactLegal(match.legal(seat));
        const key = JSON.stringify(choices);
        if (key === last[seat]) continue;
        last[seat] = key;
        asMessage += 1 + 6 + pack(choices).length; // [13]["legal" fixstr][msgpack]
      }
    });
  }
  console.log(`| ${id} | ${steps} | ${fmt(inState / steps)} | ${fmt(asMessage / steps)} |`);
}
