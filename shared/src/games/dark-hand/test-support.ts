/**
 * Skit Scat / Dark Hand test support: a scenario builder from card notation (Dark cards written as
 * light/dark pairs, `4H/10D`) and the property-harness specs of both games. Used by tests only.
 */
import { cards, standardDeck } from "../../cards.ts";
import { darkDeck, SHADES } from "../../dark-deck.ts";
import type { GameDefinition } from "../../engine.ts";
import type { TableView } from "../../protocol.ts";
import type { PropertySpec } from "../../testkit/property-spec.ts";
import { darkHand, skitScat } from "./index.ts";
import { callOptions } from "./legal.ts";
import { faceOf } from "./melds.ts";
import { darkHandOptionsSchema, darkHandRules, skitScatOptionsSchema, skitScatRules, type TableOptions } from "./options.ts";
import { deckFor } from "./round.ts";
import type { HandAction, HandEvent, HandState, Jokers, Meld, TurnStep } from "./state.ts";

export interface Scenario {
  /** One notation string per seat (`""` for a seat that is out). Dark cards make it Dark Hand. */
  readonly hands: readonly string[];
  /** Discard pile bottom to top. Default: one card not placed elsewhere. */
  readonly discard?: string;
  /** Draw pile, top card first. Default: every other card. */
  readonly deck?: string;
  readonly dealer?: number;
  /** Default: the dealer's left. */
  readonly turn?: number;
  readonly step?: TurnStep;
  readonly tokens?: readonly number[];
  readonly pot?: number;
  /** Joker holders; their Joker token is taken from `tokens` by the caller of `scenario`. */
  readonly jokers?: Partial<Jokers>;
  /** Seats whose first turn of the hand has already ended (call window closed). */
  readonly hadTurn?: readonly number[];
  readonly melds?: readonly Meld[];
  readonly skitter?: number | null;
  readonly finalTurns?: readonly number[];
  readonly options?: Partial<{ turnMs: number; pauseMs: number; tokens: 5 | 7; forfeitPlay: boolean }>;
  readonly now?: number;
}

/** A turn-phase state built from notation. Every card must belong to the game's deck, once. */
export function scenario(sc: Scenario): HandState {
  const n = sc.hands.length;
  const hands = sc.hands.map((h) => cards(h));
  const dark = hands.flat().some((c) => c.includes("/"));
  const options: TableOptions = dark
    ? darkHandOptionsSchema.parse({ seats: n, ...sc.options })
    : skitScatOptionsSchema.parse({ seats: n, ...sc.options });
  const rules = dark ? darkHandRules(darkHandOptionsSchema.parse({ seats: n, ...sc.options })) : skitScatRules();
  const melds = (sc.melds ?? []).map((m) => ({ ...m, cards: m.cards.slice() }));
  const placed = [...hands.flat(), ...melds.flatMap((m) => m.cards)];
  const rest = (): string[] => deckFor(dark).filter((c) => !placed.includes(c));
  const discard = sc.discard !== undefined ? cards(sc.discard) : rest().slice(-1);
  placed.push(...discard);
  const deck = sc.deck !== undefined ? cards(sc.deck).reverse() : rest().reverse();
  checkCards(deckFor(dark), [...placed, ...(sc.deck !== undefined ? deck : [])]);
  const dealer = sc.dealer ?? n - 1;
  const out = hands.map((h, seat) => h.length === 0 && !melds.some((m) => m.seat === seat));
  return {
    version: 1,
    phase: "turn",
    deadline: (sc.now ?? 0) + options.turnMs,
    options,
    rules,
    round: 1,
    dealer,
    turn: sc.turn ?? (dealer + 1) % n,
    step: sc.step ?? "draw",
    hands,
    deck,
    discard,
    tokens: (sc.tokens ?? new Array<number>(n).fill(rules.startTokens)).slice(),
    pot: sc.pot ?? 0,
    out,
    jokers: { light: sc.jokers?.light ?? null, dark: sc.jokers?.dark ?? null },
    hadTurn: hands.map((_, seat) => (sc.hadTurn ?? []).includes(seat)),
    calledThisTurn: false,
    drawnFrom: null,
    drawnCard: null,
    melds,
    skitter: sc.skitter ?? null,
    finalTurns: (sc.finalTurns ?? []).slice(),
    result: null,
    continued: new Array<boolean>(n).fill(false),
    winners: [],
    eliminated: [],
  };
}

function checkCards(deck: readonly string[], used: readonly string[]): void {
  const known = new Set(deck);
  const seen = new Set<string>();
  for (const c of used) {
    if (!known.has(c)) throw new Error(`scenario: ${c} is not a card of this game`);
    if (seen.has(c)) throw new Error(`scenario: ${c} placed twice`);
    seen.add(c);
  }
}

/**
 * Token conservation and hand sizes, checked by the property specs on every step: tokens in front,
 * on Jokers and in the pot always add up to what the table started with.
 */
export function checkInvariants(s: HandState): void {
  const held = (s.jokers.light === null ? 0 : 1) + (s.jokers.dark === null ? 0 : 1);
  const total = s.tokens.reduce((a, b) => a + b, 0) + s.pot + held;
  if (total !== s.options.seats * s.rules.startTokens) throw new Error(`tokens not conserved: ${total}`);
  if (s.tokens.some((t) => t < 0)) throw new Error(`negative tokens ${s.tokens.join(",")}`);
  s.out.forEach((out, seat) => {
    if (out && (s.tokens[seat] ?? 0) !== 0) throw new Error(`seat ${seat} is out but holds tokens`);
    if (out && s.phase === "turn" && (s.hands[seat] ?? []).length > 0) throw new Error(`seat ${seat} is out but was dealt cards`);
  });
  if (s.phase === "turn" && s.step !== "discard" && (s.hands[s.turn] ?? []).length !== 3) throw new Error("turn hand is not 3 cards");
  if (s.phase !== "turn" && (s.jokers.light !== null || s.jokers.dark !== null)) throw new Error("Jokers not returned");
}

/** Every card in every place; also checks the invariants (the harness calls this every step). */
export function inventory(s: HandState): string[] {
  checkInvariants(s);
  return [...s.hands.flat(), ...s.deck, ...s.discard, ...s.melds.flatMap((m) => m.cards)];
}

/** A seat may know its own cards, the discard pile, laid-down melds and a card taken from the discard pile. */
export function visibleCards(s: HandState, seat: number | null): Set<string> {
  const ids = [...s.discard, ...s.melds.flatMap((m) => m.cards), ...(s.result?.melds ?? []).flatMap((m) => m.cards)];
  if (seat !== null) ids.push(...(s.hands[seat] ?? []));
  if (s.drawnFrom === "discard" && s.drawnCard !== null) ids.push(s.drawnCard);
  const seen = new Set(ids);
  // A Dark card's faces are known exactly when the card is (both faces travel together).
  if (s.rules.dark) for (const id of ids) for (const shade of SHADES) seen.add(faceOf(id, shade));
  return seen;
}

const FIXED: readonly HandAction[] = [
  { type: "drawDeck" },
  { type: "drawDiscard" },
  { type: "endTurn" },
  { type: "continue" },
  { type: "declare" },
  { type: "declare", shade: "light" },
  { type: "declare", shade: "dark" },
  { type: "call", shade: "light" },
  { type: "call", shade: "dark" },
];
const discards = (deck: readonly string[]): HandAction[] => deck.map((card) => ({ type: "discard", card }));
const CANDIDATES = { standard: [...FIXED, ...discards(standardDeck())], dark: [...FIXED, ...discards(darkDeck())] };

/** The whole action space: every fixed action and a discard of each card of the game. */
export function candidateActions(s: HandState): HandAction[] {
  return s.rules.dark ? CANDIDATES.dark : CANDIDATES.standard;
}

/**
 * Dark Hand with the call race in play: besides the seat on turn, seats that may call are offered
 * to the harness's random player on some steps, and a bot with nothing to say falls back to its
 * first legal action, so calls from seats not on turn happen in the property games.
 */
export function racing(game: Def): Def {
  return {
    ...game,
    awaiting: (s) => {
      const base = game.awaiting(s);
      if (s.phase !== "turn" || s.version % 3 !== 0) return base;
      return [...base, ...s.hands.flatMap((_, seat) => (seat !== s.turn && callOptions(s, seat).length > 0 ? [seat] : []))];
    },
    bot: (s, seat, rng) => game.bot(s, seat, rng) ?? game.legalActions(s, seat)[0] ?? null,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Def = GameDefinition<HandState, HandAction, any, HandEvent, TableView>;
type Spec = PropertySpec<HandState, HandAction, any, HandEvent, TableView>; // eslint-disable-line @typescript-eslint/no-explicit-any

const STANDARD = standardDeck();
const DARK = darkDeck();

function spec(game: Def, dark: boolean): Spec {
  return {
    game,
    candidateActions,
    inventory,
    fullDeck: () => (dark ? DARK : STANDARD),
    visibleCards,
    cardIds: dark ? [...DARK, ...STANDARD] : STANDARD,
    maxSteps: 20_000,
  };
}

export const skitScatSpec = spec(skitScat, false);
export const darkHandSpec = spec(darkHand, true);
export const racingDarkHandSpec = spec(racing(darkHand), true);

type Move = readonly [number, HandAction];

/**
 * One whole turn as moves: draw (`"deck"` or `"discard"`), discard `card`, then optionally declare
 * (`"declare"` in Skit Scat, a shade in Dark Hand) or keep the hand (`"endTurn"`).
 */
export function turnOf(seat: number, from: "deck" | "discard", card: string, end?: "declare" | "endTurn" | "light" | "dark"): Move[] {
  const moves: Move[] = [
    [seat, { type: from === "deck" ? "drawDeck" : "drawDiscard" }],
    [seat, { type: "discard", card }],
  ];
  if (end === "declare") moves.push([seat, { type: "declare" }]);
  else if (end === "endTurn") moves.push([seat, { type: "endTurn" }]);
  else if (end !== undefined) moves.push([seat, { type: "declare", shade: end }]);
  return moves;
}
