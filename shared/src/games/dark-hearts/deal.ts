/**
 * The start of a hand (docs/rules/dark-hearts.md, "The deal", "The pass"):
 * shuffle, deal, the simultaneous pass and its exchange, then the opening lead.
 */
import type { Ctx } from "../../engine.ts";
import { ALL_CARDS, sortCards } from "./cards.ts";
import { openingCard } from "./legal.ts";
import { passDirectionFor, passTarget } from "./options.ts";
import type { DarkHeartsEvent, DarkHeartsState } from "./state.ts";
import { startTurn } from "./trick.ts";

type Events = DarkHeartsEvent[];

/**
 * Deal all cards one at a time from the dealer's left: 13 each with 4 players; 17 each with 3,
 * the last card staying face down as the leftover.
 */
export function dealRound(s: DarkHeartsState, ctx: Ctx, events: Events): void {
  const n = s.options.seats;
  s.round += 1;
  s.passDirection = passDirectionFor(s.round, n);
  const deck = ctx.rng.shuffle(ALL_CARDS);
  const handSize = Math.floor(deck.length / n);
  const hands: string[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < handSize * n; i++) hands[(s.dealer + 1 + i) % n]?.push(deck[i] as string);
  s.hands = hands.map((h) => sortCards(h));
  s.leftover = deck.length > handSize * n ? (deck[handSize * n] as string) : null;
  resetHand(s);
  events.push({
    type: "roundDealt",
    round: s.round,
    dealer: s.dealer,
    passDirection: s.passDirection,
    handSize,
    leftover: s.leftover !== null,
  });
  s.hands.forEach((hand, seat) => events.push({ type: "handDealt", seat, count: hand.length, cards: hand.slice() }));
  if (s.passDirection === "hold") return startPlay(s, ctx, events);
  s.phase = "pass";
  s.deadline = ctx.now + s.options.turnMs;
  events.push({ type: "passStarted", direction: s.passDirection, deadline: s.deadline });
}

function resetHand(s: DarkHeartsState): void {
  const n = s.options.seats;
  s.passes = new Array<string[] | null>(n).fill(null);
  s.leftoverTaken = null;
  s.turn = -1;
  s.trick = null;
  s.tricksPlayed = 0;
  s.lastTrick = null;
  s.broken = { light: false, dark: false };
  s.taken = Array.from({ length: n }, () => []);
  s.tricksWon = new Array<number>(n).fill(0);
  s.handPoints = { light: new Array<number>(n).fill(0), dark: new Array<number>(n).fill(0) };
  s.result = null;
  s.continued = new Array<boolean>(n).fill(false);
}

/** A seat's choice is kept secret until every seat has passed (or the deadline chose for it). */
export function choosePass(s: DarkHeartsState, seat: number, cards: readonly string[], ctx: Ctx, events: Events): void {
  s.passes[seat] = cards.slice();
  events.push({ type: "passChosen", seat, cards: cards.slice() });
  if (s.passes.every((p) => p !== null)) exchange(s, ctx, events);
}

/** Every seat gives its three cards to the seat in this hand's direction, all at once. */
function exchange(s: DarkHeartsState, ctx: Ctx, events: Events): void {
  const n = s.options.seats;
  const given = s.passes.map((p) => p ?? []);
  const hands = s.hands.map((hand, seat) => hand.filter((c) => !given[seat]?.includes(c)));
  given.forEach((cards, from) => {
    const to = passTarget(from, s.passDirection, n);
    hands[to]?.push(...cards);
    events.push({ type: "cardsPassed", from, to, cards: cards.slice() });
  });
  s.hands = hands.map((h) => sortCards(h));
  startPlay(s, ctx, events);
}

/** The holder of the opening card leads the first trick (Dark Clubs). */
function startPlay(s: DarkHeartsState, ctx: Ctx, events: Events): void {
  const opening = openingCard(s);
  const leader = s.hands.findIndex((h) => h.includes(opening));
  s.phase = "play";
  startTurn(s, leader, ctx, events);
}
