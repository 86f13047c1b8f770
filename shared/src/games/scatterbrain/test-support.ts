/**
 * Scatterbrain test support: scenario builders in card notation and the property-harness spec.
 * Used by tests only.
 */
import { cards } from "../../cards.ts";
import type { TableView } from "../../protocol.ts";
import type { PropertySpec } from "../../testkit/property-spec.ts";
import { ALL_CARDS, type StraightKind } from "./cards.ts";
import { scatterbrain } from "./index.ts";
import { tableCards } from "./legal.ts";
import { optionsSchema, type ScatterbrainOptions } from "./options.ts";
import {
  emptyTally,
  type DeckOut,
  type LedgerEntry,
  type ScatterbrainAction,
  type ScatterbrainEvent,
  type ScatterbrainState,
} from "./state.ts";

export interface Scenario {
  /** Hand cards per seat (6 each in play), e.g. `["2H 3C 4S 5D 6H 7C", ...]`. */
  readonly hands: readonly string[];
  /** Hole card per seat ("" for a seat that lost it). */
  readonly holes: readonly string[];
  /** Discard pile bottom to top. Default: one card not placed elsewhere. */
  readonly discard?: string;
  /** Draw pile, top card first. Default: every card not placed elsewhere. */
  readonly deck?: string;
  /** The face-up deal everyone memorised. Default: each seat's hand plus hole. */
  readonly dealt?: readonly string[];
  /** Cards each seat was seen taking from the discard pile (still in its hand). */
  readonly taken?: readonly string[];
  readonly dealer?: number;
  /** Default: the dealer's left. */
  readonly turn?: number;
  readonly called?: readonly (StraightKind | null)[];
  readonly out?: readonly boolean[];
  readonly trophies?: readonly string[];
  readonly scores?: readonly number[];
  readonly deckOut?: DeckOut | null;
  readonly finalGuessers?: readonly number[];
  readonly options?: Partial<ScatterbrainOptions>;
  readonly now?: number;
}

const n4 = <T>(f: (seat: number) => T): T[] => Array.from({ length: 4 }, (_, seat) => f(seat));

/** A play-phase state (a draw turn, or a guess turn for a caller) built from notation. */
export function scenario(sc: Scenario): ScatterbrainState {
  const options = optionsSchema.parse({ seats: 4, ...sc.options });
  const hands = n4((seat) => cards(sc.hands[seat] ?? ""));
  const holes = n4((seat) => (sc.holes[seat] ? (sc.holes[seat] as string) : null));
  const trophies = n4((seat) => cards(sc.trophies?.[seat] ?? ""));
  const placed = new Set([...hands.flat(), ...holes.flatMap((h) => (h ? [h] : [])), ...trophies.flat()]);
  const rest = (): string[] => ALL_CARDS.filter((c) => !placed.has(c));
  const discard = sc.discard !== undefined ? cards(sc.discard) : rest().slice(-1);
  discard.forEach((c) => placed.add(c));
  const deck = sc.deck !== undefined ? cards(sc.deck).reverse() : rest().reverse();
  const everywhere = [...hands.flat(), ...holes.flatMap((h) => (h ? [h] : [])), ...trophies.flat(), ...discard, ...deck];
  const twice = everywhere.filter((c, i) => everywhere.indexOf(c) !== i);
  if (twice.length > 0) throw new Error(`scenario places a card twice: ${twice.join(" ")}`);
  const dealt = n4((seat) =>
    sc.dealt ? cards(sc.dealt[seat] ?? "") : [...(hands[seat] ?? []), ...(holes[seat] ? [holes[seat] as string] : [])],
  );
  const ledger: LedgerEntry[] = [];
  // The table still knows where a dealt card is while its owner keeps it (hand or hole).
  const holds = (seat: number, c: string): boolean => (hands[seat] ?? []).includes(c) || holes[seat] === c;
  dealt.forEach((h, seat) => h.forEach((c) => holds(seat, c) && ledger.push({ card: c, seat, dealt: true })));
  n4((seat) => cards(sc.taken?.[seat] ?? "").forEach((c) => ledger.push({ card: c, seat, dealt: false })));
  const called = n4((seat) => sc.called?.[seat] ?? null);
  const dealer = sc.dealer ?? 3;
  const turn = sc.turn ?? (dealer + 1) % 4;
  const guessing = (sc.deckOut ?? null) !== null || called[turn] !== null;
  return {
    version: 1,
    phase: guessing ? "guess" : "turn",
    deadline: (sc.now ?? 0) + (guessing ? options.guessMs : options.turnMs),
    options,
    hand: 1,
    dealer,
    turn,
    step: guessing ? null : "draw",
    hands,
    holes,
    deck,
    discard,
    dealt,
    ledger,
    misses: [],
    called,
    out: n4((seat) => sc.out?.[seat] ?? false),
    trophies,
    holesWon: n4(() => []),
    captured: n4(() => []),
    tally: n4((seat) => ({ ...emptyTally(), straight: called[seat] !== null ? 10 : 0 })),
    scores: n4((seat) => sc.scores?.[seat] ?? 0),
    drawnFrom: null,
    drawnCard: null,
    deckOut: sc.deckOut ?? null,
    finalGuessers: (sc.finalGuessers ?? []).slice(),
    lastGuess: null,
    result: null,
    continued: n4(() => false),
    winners: [],
  };
}

/**
 * A deck order (as `ctx.rng.shuffle` would return it) that deals `hands` (7 cards per seat, by
 * seat) one at a time from the dealer's left; `next` are the following deck cards, top first.
 */
export function stackedDeck(dealer: number, hands: readonly string[], next = ""): string[] {
  const parsed = hands.map((h) => cards(h));
  const dealt: string[] = [];
  for (let i = 0; i < 7; i++) for (let k = 1; k <= 4; k++) dealt.push(parsed[(dealer + k) % 4]?.[i] as string);
  const top = cards(next);
  const used = new Set([...dealt, ...top]);
  return [...ALL_CARDS.filter((c) => !used.has(c)), ...top.reverse(), ...dealt.reverse()];
}

const FIXED: ScatterbrainAction[] = [
  { type: "drawDeck" },
  { type: "drawDiscard" },
  { type: "callScatterbrain" },
  { type: "declineCall" },
  { type: "skipGuess" },
  { type: "continue" },
  { type: "guess", card: "ZZ" },
  { type: "chooseHole", card: "ZZ" },
];

const PER_CARD: ScatterbrainAction[] = ALL_CARDS.flatMap((card): ScatterbrainAction[] => [
  { type: "chooseHole", card },
  { type: "discard", card },
]);
const NON_GUESS: ScatterbrainAction[] = [...FIXED, ...PER_CARD];
const WITH_GUESSES: ScatterbrainAction[] = [...NON_GUESS, ...ALL_CARDS.map((card): ScatterbrainAction => ({ type: "guess", card }))];

/** The whole action space: fixed actions, hole choice and discard of each card, a guess of every card in guess turns. */
export function candidateActions(s: ScatterbrainState): ScatterbrainAction[] {
  return s.phase === "guess" ? WITH_GUESSES : NON_GUESS;
}

/** Every card in every place. */
export function inventory(s: ScatterbrainState): string[] {
  const holes = s.holes.flatMap((h) => (h === null ? [] : [h]));
  return [...s.hands.flat(), ...holes, ...s.deck, ...s.discard, ...s.trophies.flat(), ...s.holesWon.flat(), ...s.captured.flat()];
}

/**
 * What a seat may be shown: during the memorise phase every hand (everyone, spectators
 * included); afterwards only the cards face up on the table, its own hand and hole card, the card
 * named in the last guess, the card just taken from the discard pile and a mercy hand's deal.
 * Cards it memorised earlier may no longer be shown.
 */
export function visibleCards(s: ScatterbrainState, seat: number | null): Set<string> {
  const seen = tableCards(s);
  if (s.phase === "memorise") for (const c of s.hands.flat()) seen.add(c);
  if (seat !== null) {
    for (const c of s.hands[seat] ?? []) seen.add(c);
    const hole = s.holes[seat];
    if (hole) seen.add(hole);
  }
  if (s.lastGuess !== null) seen.add(s.lastGuess.card);
  if (s.drawnFrom === "discard" && s.drawnCard !== null) seen.add(s.drawnCard);
  for (const c of (s.result?.dealt ?? []).flat()) seen.add(c);
  return seen;
}

export const propertySpec: PropertySpec<ScatterbrainState, ScatterbrainAction, ScatterbrainOptions, ScatterbrainEvent, TableView> = {
  game: scatterbrain,
  candidateActions,
  inventory,
  fullDeck: () => ALL_CARDS as string[],
  visibleCards,
  cardIds: ALL_CARDS,
  maxSteps: 50_000,
};
