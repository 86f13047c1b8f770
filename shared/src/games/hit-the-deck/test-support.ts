/**
 * Hit the Deck test support: a scenario builder from card notation (faces; copies are assigned
 * automatically) and the property-harness spec. Used by tests only.
 */
import { cards } from "../../cards.ts";
import type { TableView } from "../../protocol.ts";
import type { PropertySpec } from "../../testkit/property-spec.ts";
import { ALL_CARDS, faceOf } from "./cards.ts";
import { hitTheDeck } from "./index.ts";
import { optionsSchema, type HitTheDeckOptions } from "./options.ts";
import type { Demand, HitTheDeckAction, HitTheDeckEvent, HitTheDeckState } from "./state.ts";

export interface Scenario {
  /** One notation string of faces per seat, e.g. `["3R 3R FG", "HH 5B"]`. */
  readonly hands: readonly string[];
  /** Discard pile faces, bottom to top (all face up). Default `"2G"`. */
  readonly discard?: string;
  /** Draw pile faces, top card first. Every card not placed anywhere lies below them unless `fill` is false. */
  readonly deck?: string;
  readonly fill?: boolean;
  readonly dealer?: number;
  /** Default: the dealer's left. */
  readonly turn?: number;
  readonly direction?: 1 | -1;
  readonly demand?: Demand | null;
  readonly scores?: readonly number[];
  readonly options?: Partial<HitTheDeckOptions>;
  readonly now?: number;
}

/** Hands out card ids face by face: the first unused copy of each face. */
export class CardPool {
  private readonly used = new Set<string>();
  take(face: string): string {
    const id = ALL_CARDS.find((c) => faceOf(c) === face && !this.used.has(c));
    if (id === undefined) throw new Error(`no copy of "${face}" left`);
    this.used.add(id);
    return id;
  }
  takeAll(notation: string): string[] {
    return cards(notation).map((f) => this.take(f));
  }
  rest(): string[] {
    return ALL_CARDS.filter((c) => !this.used.has(c));
  }
}

/** A turn-phase state built from faces. */
export function scenario(sc: Scenario): HitTheDeckState {
  const n = sc.hands.length;
  const options = optionsSchema.parse({ seats: n, ...sc.options });
  const pool = new CardPool();
  const hands = sc.hands.map((h) => pool.takeAll(h));
  const discard = pool.takeAll(sc.discard ?? "2G");
  const top = pool.takeAll(sc.deck ?? "");
  const deck = [...(sc.fill === false ? [] : pool.rest()), ...top.reverse()];
  const dealer = sc.dealer ?? n - 1;
  const direction = sc.direction ?? 1;
  return {
    version: 1,
    phase: "turn",
    deadline: (sc.now ?? 0) + options.turnMs,
    options,
    round: 1,
    dealer,
    turn: sc.turn ?? (dealer + direction + n) % n,
    direction,
    hands,
    deck,
    discard,
    faceUp: discard.length,
    demand: sc.demand ?? null,
    race: null,
    lastRace: null,
    races: 0,
    scores: (sc.scores ?? new Array<number>(n).fill(0)).slice(),
    result: null,
    continued: new Array<boolean>(n).fill(false),
    winners: [],
    shown: [],
  };
}

/** The action playing the first card of `face` in `seat`'s hand. */
export function playFace(s: HitTheDeckState, seat: number, face: string): HitTheDeckAction {
  const id = (s.hands[seat] ?? []).find((c) => faceOf(c) === face);
  if (id === undefined) throw new Error(`seat ${seat} holds no "${face}"`);
  return { type: "play", card: id };
}

/** Faces of a seat's hand, sorted, for comparisons. */
export const handFaces = (s: HitTheDeckState, seat: number): string[] => (s.hands[seat] ?? []).map(faceOf).sort();

const FIXED: HitTheDeckAction[] = [
  { type: "draw" },
  { type: "slap" },
  { type: "slap", reactionMs: -1 },
  { type: "call" },
  { type: "continue" },
];

/**
 * The whole action space: a play of each of the 110 cards, draw, slap, call, continue, and a slap
 * with an invalid reaction time (always refused). A slap with a valid `reactionMs` is the legal
 * `{type:"slap"}` with the server's measurement attached; `slap-reaction.test.ts` checks it separately.
 */
export function candidateActions(): HitTheDeckAction[] {
  return [...FIXED, ...ALL_CARDS.map((card): HitTheDeckAction => ({ type: "play", card }))];
}

export function inventory(s: HitTheDeckState): string[] {
  return [...s.hands.flat(), ...s.deck, ...s.discard];
}

/**
 * What a seat may know: its own hand, the face-up part of the discard pile, every card turned
 * face up during the latest step (even if buried or flipped away again), and the hands in a result.
 */
export function visibleCards(s: HitTheDeckState, seat: number | null): Set<string> {
  const seen = new Set<string>(s.discard.slice(s.discard.length - Math.min(s.faceUp, s.discard.length)));
  for (const c of s.shown) seen.add(c);
  if (seat !== null) for (const c of s.hands[seat] ?? []) seen.add(c);
  for (const r of s.result?.seats ?? []) for (const c of r.hand) seen.add(c);
  return seen;
}

export const propertySpec: PropertySpec<HitTheDeckState, HitTheDeckAction, HitTheDeckOptions, HitTheDeckEvent, TableView> = {
  game: hitTheDeck,
  candidateActions,
  inventory,
  fullDeck: () => ALL_CARDS as string[],
  visibleCards,
  cardIds: ALL_CARDS,
  maxSteps: 20_000,
};
