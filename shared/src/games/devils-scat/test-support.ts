/**
 * Devil's Scat test support: a scenario builder from card notation and the property-harness spec.
 * Used by tests only.
 */
import { cards } from "../../cards.ts";
import type { PropertySpec } from "../../testkit/property-spec.ts";
import { ALL_CARDS, gameDeck, SUITS, type Suit } from "./cards.ts";
import { devilsScat } from "./index.ts";
import { CLASSIC_LIVES, optionsSchema, type DevilsScatOptions } from "./options.ts";
import type { DevilsScatAction, DevilsScatEvent, DevilsScatState } from "./state.ts";
import type { TableView } from "../../protocol.ts";

export interface Scenario {
  /** One notation string per seat, e.g. `["AH KH QH", "6S 6G 6W"]` ("" for a seat that is out). */
  readonly hands: readonly string[];
  /** Discard pile bottom to top. Default: one card not elsewhere. */
  readonly discard?: string;
  /** Draw pile, top card first. Default: every other card in play. */
  readonly deck?: string;
  readonly favored?: Suit;
  readonly dealer?: number;
  /** Default: the dealer's left. */
  readonly turn?: number;
  readonly knocker?: number | null;
  readonly lastTurns?: readonly number[];
  readonly scores?: readonly number[];
  readonly lives?: readonly number[];
  readonly options?: Partial<DevilsScatOptions>;
  readonly suits?: readonly Suit[];
  readonly now?: number;
}

/** A turn-phase state built from notation; cards not placed go to the deck (in game order). */
export function scenario(sc: Scenario): DevilsScatState {
  const n = sc.hands.length;
  const options = optionsSchema.parse({ seats: n, ...sc.options });
  const suits = sc.suits ?? SUITS;
  const hands = sc.hands.map((h) => cards(h));
  const placed = new Set(hands.flat());
  const rest = (): string[] => gameDeck(suits).filter((c) => !placed.has(c));
  const discard = sc.discard !== undefined ? cards(sc.discard) : rest().slice(-1);
  discard.forEach((c) => placed.add(c));
  const deck = sc.deck !== undefined ? cards(sc.deck).reverse() : rest().reverse();
  const dealer = sc.dealer ?? n - 1;
  const lives = sc.lives ?? new Array<number>(n).fill(options.classic ? CLASSIC_LIVES : 0);
  const turn = sc.turn ?? (dealer + 1) % n;
  return {
    version: 1,
    phase: "turn",
    deadline: (sc.now ?? 0) + options.turnMs,
    options,
    suits,
    round: 1,
    dealer,
    turn,
    turnCount: 1,
    hands,
    deck,
    discard,
    favored: sc.favored ?? "H",
    scores: (sc.scores ?? new Array<number>(n).fill(0)).slice(),
    lives: lives.slice(),
    out: lives.map((l) => options.classic && l <= 0),
    knocker: sc.knocker ?? null,
    lastTurns: (sc.lastTurns ?? []).slice(),
    drawnFrom: null,
    drawnCard: null,
    result: null,
    continued: new Array<boolean>(n).fill(false),
    winners: [],
    eliminated: lives.flatMap((l, seat) => (options.classic && l <= 0 ? [seat] : [])),
  };
}

/**
 * A deck order (as `ctx.rng.shuffle` would return it) that deals `hands` (by seat; "" for seats
 * that are out) to `order` one card at a time, then flips `discardTop`; the rest stay below.
 */
export function stackedDeck(
  order: readonly number[],
  hands: readonly string[],
  discardTop: string,
  suits: readonly Suit[] = SUITS,
): string[] {
  const parsed = hands.map((h) => cards(h));
  const dealt: string[] = [];
  for (let i = 0; i < 3; i++) for (const seat of order) dealt.push(parsed[seat]?.[i] as string);
  const used = new Set([...dealt, discardTop]);
  const rest = gameDeck(suits).filter((c) => !used.has(c));
  return [...rest, discardTop, ...dealt.reverse()];
}

/**
 * The seat to play knocks; every other player then draws from the deck and discards that card
 * (or the round ends early on a Scat). Returns the moves played.
 */
export function knockThenPass(s: DevilsScatState): [number, DevilsScatAction][] {
  const moves: [number, DevilsScatAction][] = [[s.turn, { type: "knock" }]];
  const deck = s.deck.slice();
  const others = s.hands.map((_, seat) => (s.turn + seat + 1) % s.hands.length).filter((seat) => seat !== s.turn && !s.out[seat]);
  for (const seat of others) moves.push([seat, { type: "drawDeck" }], [seat, { type: "discard", card: deck.pop() as string }]);
  return moves;
}

const FIXED: DevilsScatAction[] = [{ type: "drawDeck" }, { type: "drawDiscard" }, { type: "knock" }, { type: "continue" }];

/** The whole action space: draws, knock, continue and a discard of each of the 45 cards. */
export function candidateActions(): DevilsScatAction[] {
  return [...FIXED, ...ALL_CARDS.map((card): DevilsScatAction => ({ type: "discard", card }))];
}

/** Every card in every place. */
export function inventory(s: DevilsScatState): string[] {
  return [...s.hands.flat(), ...s.deck, ...s.discard];
}

/**
 * What a seat may know: its own hand, the discard pile, the card just taken from it, and the
 * hands in a round result (revealed when the round ends).
 */
export function visibleCards(s: DevilsScatState, seat: number | null): Set<string> {
  const seen = new Set<string>(s.discard);
  if (seat !== null) for (const c of s.hands[seat] ?? []) seen.add(c);
  if (s.drawnFrom === "discard" && s.drawnCard !== null) seen.add(s.drawnCard);
  for (const r of s.result?.seats ?? []) for (const c of r.hand) seen.add(c);
  return seen;
}

const decks = new Map<string, string[]>();
/** The cards in play (cached per suit set: the harness asks every step). */
function fullDeck(s: DevilsScatState): string[] {
  const key = s.suits.join("");
  let deck = decks.get(key);
  if (deck === undefined) decks.set(key, (deck = gameDeck(s.suits)));
  return deck;
}

export const propertySpec: PropertySpec<DevilsScatState, DevilsScatAction, DevilsScatOptions, DevilsScatEvent, TableView> = {
  game: devilsScat,
  candidateActions,
  inventory,
  fullDeck,
  visibleCards,
  cardIds: ALL_CARDS,
  maxSteps: 20_000,
};
