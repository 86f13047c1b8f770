/**
 * Dark Hearts test support: card notation for the Dark deck, scenario builders and the
 * property-harness spec. Used by tests only.
 */
import { cards as parse } from "../../cards.ts";
import { byDark, byLight } from "../../dark-deck.ts";
import type { TableView } from "../../protocol.ts";
import type { PropertySpec } from "../../testkit/property-spec.ts";
import { ALL_CARDS, SHADES, sortCards, type Shade } from "./cards.ts";
import { darkHearts } from "./index.ts";
import { passChoices } from "./legal.ts";
import { optionsSchema, passSource, type DarkHeartsOptions, type PassDirection } from "./options.ts";
import type { DarkHeartsAction, DarkHeartsEvent, DarkHeartsState, PerShade, Phase } from "./state.ts";

/**
 * One card: `4H/10D` (both faces), `4H/` (the card whose Light face is 4H) or `/10D` (the card
 * whose Dark face is 10D).
 */
export function card(token: string): string {
  const [light, dark] = token.split("/");
  if (light && dark) {
    const id = byLight(light);
    if (id !== token) throw new Error(`${token} is not a card of the Dark deck (${light} backs ${id})`);
    return id;
  }
  if (light) return byLight(light);
  if (dark) return byDark(dark);
  throw new Error(`bad card token ${token}`);
}

/** Space-separated tokens, e.g. `dh("/2C 4H/ KS/2C")`. */
export function dh(notation: string): string[] {
  return parse(notation).map(card);
}

export interface Scenario {
  /** One notation string per seat (see `dh`). */
  readonly hands: readonly string[];
  readonly phase?: Extract<Phase, "pass" | "play">;
  readonly dealer?: number;
  readonly round?: number;
  readonly passDirection?: PassDirection;
  /** The trick in progress: its leader, shade and the cards played so far from the leader on. */
  readonly trick?: { readonly leader: number; readonly shade: Shade; readonly plays: string };
  /** Default: the seat after the trick's last player, else the opening card's holder (first trick) or 0. */
  readonly turn?: number;
  /** Tricks already played this hand (0 = the first trick). Default 1. */
  readonly tricksPlayed?: number;
  readonly broken?: Partial<PerShade<boolean>>;
  readonly leftover?: string;
  readonly scores?: PerShade<readonly number[]>;
  readonly handPoints?: PerShade<readonly number[]>;
  readonly options?: Partial<DarkHeartsOptions>;
  readonly now?: number;
}

/** A pass- or play-phase state built from notation; cards not placed are nowhere (not needed). */
export function scenario(sc: Scenario): DarkHeartsState {
  const n = sc.hands.length;
  const options = optionsSchema.parse({ seats: n, ...sc.options });
  const hands = sc.hands.map((h) => sortCards(dh(h)));
  const phase = sc.phase ?? "play";
  const tricksPlayed = phase === "pass" ? 0 : (sc.tricksPlayed ?? 1);
  const trick = sc.trick ? buildTrick(sc.trick, n) : null;
  const leftover = sc.leftover !== undefined ? card(sc.leftover) : null;
  const zeros = (): number[] => new Array<number>(n).fill(0);
  const s: DarkHeartsState = {
    version: 1,
    phase,
    deadline: (sc.now ?? 0) + options.turnMs,
    options,
    round: sc.round ?? 1,
    dealer: sc.dealer ?? n - 1,
    passDirection: sc.passDirection ?? (phase === "pass" ? "left" : "hold"),
    hands,
    passes: new Array<string[] | null>(n).fill(null),
    leftover,
    leftoverTaken: null,
    turn: -1,
    trick,
    tricksPlayed,
    lastTrick: null,
    broken: { light: sc.broken?.light ?? false, dark: sc.broken?.dark ?? false },
    taken: Array.from({ length: n }, () => []),
    tricksWon: zeros(),
    handPoints: { light: (sc.handPoints?.light ?? zeros()).slice(), dark: (sc.handPoints?.dark ?? zeros()).slice() },
    scores: { light: (sc.scores?.light ?? zeros()).slice(), dark: (sc.scores?.dark ?? zeros()).slice() },
    result: null,
    continued: new Array<boolean>(n).fill(false),
    winners: [],
  };
  if (phase === "play") s.turn = sc.turn ?? defaultTurn(s);
  return s;
}

function buildTrick(t: NonNullable<Scenario["trick"]>, n: number): DarkHeartsState["trick"] {
  const played = dh(t.plays);
  const lead = played[0];
  if (lead === undefined) throw new Error("a trick needs its lead card");
  const suit = (t.shade === "light" ? lead.split("/")[0] : lead.split("/")[1])?.slice(-1) ?? "";
  return { leader: t.leader, shade: t.shade, suit, plays: played.map((c, i) => ({ seat: (t.leader + i) % n, card: c })) };
}

function defaultTurn(s: DarkHeartsState): number {
  const n = s.options.seats;
  if (s.trick !== null) return (s.trick.leader + s.trick.plays.length) % n;
  if (s.tricksPlayed > 0) return 0;
  const opening = s.leftover === byDark("2C") ? byDark("3C") : byDark("2C");
  return Math.max(
    0,
    s.hands.findIndex((h) => h.includes(opening)),
  );
}

/**
 * A deck order (as `ctx.rng.shuffle` returns it) that deals `hands` (dealt one at a time from the
 * dealer's left) and leaves `leftover` (3 players) face down.
 */
export function stackedDeck(dealer: number, hands: readonly string[], leftover?: string): string[] {
  const n = hands.length;
  const parsed = hands.map((h) => dh(h));
  const size = parsed[0]?.length ?? 0;
  const deck: string[] = [];
  for (let i = 0; i < size * n; i++) deck.push(parsed[(dealer + 1 + i) % n]?.[Math.floor(i / n)] as string);
  if (leftover !== undefined) deck.push(card(leftover));
  return deck;
}

/** The whole action space near this state: every pass choice and a few bad ones, every lead and play of every card, continue. */
export function candidateActions(s: DarkHeartsState, seat: number): DarkHeartsAction[] {
  const hand = s.hands[seat] ?? [];
  const out: DarkHeartsAction[] = [{ type: "continue" }];
  const passes = s.phase === "pass" ? passChoices(hand) : [hand.slice(0, 3)];
  for (const cards of passes) out.push({ type: "passCards", cards });
  const [a, b, c] = hand;
  if (a && b && c)
    out.push({ type: "passCards", cards: [b, a, c] }, { type: "passCards", cards: [a, a, b] }, { type: "passCards", cards: [a, b] });
  const stranger = ALL_CARDS.find((x) => !hand.includes(x));
  if (a && b && stranger) out.push({ type: "passCards", cards: sortCards([a, b, stranger]) });
  for (const id of ALL_CARDS) {
    out.push({ type: "play", card: id });
    for (const shade of SHADES) out.push({ type: "lead", card: id, shade });
  }
  return out;
}

export function inventory(s: DarkHeartsState): string[] {
  const out = [...s.hands.flat(), ...s.taken.flat(), ...(s.trick?.plays ?? []).map((p) => p.card)];
  if (s.leftover !== null) out.push(s.leftover);
  return out;
}

/**
 * What a seat may know: its own hand and pass, the cards it received, every card played to a
 * trick (taken piles included) and the leftover once taken.
 */
export function visibleCards(s: DarkHeartsState, seat: number | null): Set<string> {
  const seen = new Set<string>([...s.taken.flat(), ...(s.trick?.plays ?? []).map((p) => p.card)]);
  if (seat === null) return seen;
  for (const c of s.hands[seat] ?? []) seen.add(c);
  for (const c of s.passes[seat] ?? []) seen.add(c);
  if (s.phase !== "pass" && s.passDirection !== "hold") {
    for (const c of s.passes[passSource(seat, s.passDirection, s.options.seats)] ?? []) seen.add(c);
  }
  return seen;
}

export const propertySpec: PropertySpec<DarkHeartsState, DarkHeartsAction, DarkHeartsOptions, DarkHeartsEvent, TableView> = {
  game: darkHearts,
  candidateActions,
  inventory,
  fullDeck: () => ALL_CARDS as string[],
  visibleCards,
  cardIds: ALL_CARDS,
  maxSteps: 20_000,
};
