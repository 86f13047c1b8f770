/**
 * Legality (docs/rules/dark-hearts.md, "The pass", "Tricks", "The first trick",
 * "Breaking hearts"). `legalActions` is the oracle; `checkAction` gives the reason an action is
 * refused, and the property test proves the two agree.
 */
import type { RuleError } from "../../engine.ts";
import { face } from "../../dark-deck.ts";
import { cardOrder, isPointFace, OPENING_CARD, OPENING_FALLBACK, SHADES, suitOf, type Shade } from "./cards.ts";
import type { DarkHeartsAction, DarkHeartsState } from "./state.ts";

export function validSeat(s: DarkHeartsState, seat: number): boolean {
  return Number.isInteger(seat) && seat >= 0 && seat < s.options.seats;
}

/** Every 3-card choice from the hand, each in hand order (13 cards: 286; 17 cards: 680). */
export function passChoices(hand: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < hand.length; i++)
    for (let j = i + 1; j < hand.length; j++)
      for (let k = j + 1; k < hand.length; k++) out.push([hand[i] as string, hand[j] as string, hand[k] as string]);
  return out;
}

/** The first trick is led with the Dark 2 of Clubs (Dark 3 when the 2 is the leftover). */
export function openingCard(s: DarkHeartsState): string {
  return s.leftover === OPENING_CARD ? OPENING_FALLBACK : OPENING_CARD;
}

/**
 * Leads after the first trick: any card in either shade, except that a card whose face in that
 * shade is a point card may not be led there before hearts are broken in that shade, unless every
 * card of the leader is a point card in both shades (docs/rules/dark-hearts.md, "Breaking hearts").
 */
export function legalLeads(s: DarkHeartsState, hand: readonly string[]): { card: string; shade: Shade }[] {
  if (s.tricksPlayed === 0) return hand.includes(openingCard(s)) ? [{ card: openingCard(s), shade: "dark" }] : [];
  const trapped = hand.every((c) => SHADES.every((sh) => isPointFace(face(c, sh))));
  return hand.flatMap((card) =>
    SHADES.filter((shade) => trapped || s.broken[shade] || !isPointFace(face(card, shade))).map((shade) => ({ card, shade })),
  );
}

/**
 * Following: a card whose face in the trick's shade has the led suit, if the player holds one;
 * otherwise any card. On the first trick no card with a Dark point face, unless nothing else is
 * legal (docs/rules/dark-hearts.md, "The first trick").
 */
export function legalFollows(s: DarkHeartsState, hand: readonly string[]): string[] {
  const trick = s.trick;
  if (trick === null) return [];
  const following = hand.filter((c) => suitOf(face(c, trick.shade)) === trick.suit);
  if (following.length > 0) return following;
  if (s.tricksPlayed > 0) return hand.slice();
  const clean = hand.filter((c) => !isPointFace(face(c, "dark")));
  return clean.length > 0 ? clean : hand.slice();
}

export function legalActions(s: DarkHeartsState, seat: number): DarkHeartsAction[] {
  if (!validSeat(s, seat)) return [];
  const hand = s.hands[seat] ?? [];
  switch (s.phase) {
    case "pass":
      return s.passes[seat] === null ? passChoices(hand).map((cards) => ({ type: "passCards", cards })) : [];
    case "roundOver":
      return s.continued[seat] ? [] : [{ type: "continue" }];
    case "play":
      if (seat !== s.turn) return [];
      if (s.trick === null) return legalLeads(s, hand).map(({ card, shade }) => ({ type: "lead", card, shade }));
      return legalFollows(s, hand).map((card) => ({ type: "play", card }));
    default:
      return [];
  }
}

export function awaiting(s: DarkHeartsState): number[] {
  if (s.phase === "pass") return s.passes.flatMap((p, seat) => (p === null ? [seat] : []));
  if (s.phase === "roundOver") return s.continued.flatMap((c, seat) => (c ? [] : [seat]));
  if (s.phase === "play") return [s.turn];
  return [];
}

const SUIT_NAMES: Readonly<Record<string, string>> = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

const e = (code: string, message: string): RuleError => ({ code, message });

/** Why `action` is refused for `seat`, or null when it is legal. */
export function checkAction(s: DarkHeartsState, seat: number, action: DarkHeartsAction): RuleError | null {
  if (s.phase === "gameOver") return e("game-over", "The game is over.");
  if (!validSeat(s, seat)) return e("no-such-seat", "That seat is not at this table.");
  switch (action.type) {
    case "continue":
      if (s.phase !== "roundOver") return e("wrong-phase", "The hand is still being played.");
      return s.continued[seat] ? e("already-continued", "You already continued.") : null;
    case "passCards":
      return checkPass(s, seat, action.cards);
    case "lead":
      return checkLead(s, seat, action.card, action.shade);
    case "play":
      return checkFollow(s, seat, action.card);
    default:
      return e("unknown-action", "Unknown action.");
  }
}

function checkPass(s: DarkHeartsState, seat: number, cards: readonly string[]): RuleError | null {
  if (s.phase !== "pass") return e("wrong-phase", "There is no pass now.");
  if (s.passes[seat] !== null) return e("already-passed", "You already chose your pass.");
  if (!Array.isArray(cards) || cards.length !== 3) return e("pass-three-cards", "Pass exactly three cards.");
  const hand = s.hands[seat] ?? [];
  if (!cards.every((c) => hand.includes(c))) return e("card-not-in-hand", "You can only pass cards from your hand.");
  if (new Set(cards).size !== 3) return e("duplicate-card", "Pass three different cards.");
  const ordered = cards.every((c, i) => i === 0 || cardOrder(cards[i - 1] as string) < cardOrder(c));
  return ordered ? null : e("pass-out-of-order", "List the three cards in the order of your hand.");
}

function checkTurn(s: DarkHeartsState, seat: number, card: string): RuleError | null {
  if (s.phase !== "play") return e("wrong-phase", "Cards are not being played now.");
  if (seat !== s.turn) return e("not-your-turn", "It is not your turn.");
  return (s.hands[seat] ?? []).includes(card) ? null : e("card-not-in-hand", "That card is not in your hand.");
}

function checkLead(s: DarkHeartsState, seat: number, card: string, shade: Shade): RuleError | null {
  const turn = checkTurn(s, seat, card);
  if (turn) return turn;
  if (s.trick !== null) return e("not-leading", "You are following: play a card without choosing a shade.");
  if (!(SHADES as readonly string[]).includes(shade)) return e("unknown-shade", "The shade is light or dark.");
  if (s.tricksPlayed === 0) {
    const opening = openingCard(s);
    if (card !== opening || shade !== "dark") return e("must-lead-opening-card", `The first trick is led Dark with ${opening}.`);
    return null;
  }
  const ok = legalLeads(s, s.hands[seat] ?? []).some((l) => l.card === card && l.shade === shade);
  return ok ? null : e("hearts-not-broken", `Point cards cannot be led ${shade} before hearts are broken in ${shade}.`);
}

function checkFollow(s: DarkHeartsState, seat: number, card: string): RuleError | null {
  const turn = checkTurn(s, seat, card);
  if (turn) return turn;
  const trick = s.trick;
  if (trick === null) return e("must-lead", "You lead this trick: choose a card and its shade.");
  if (legalFollows(s, s.hands[seat] ?? []).includes(card)) return null;
  if (suitOf(face(card, trick.shade)) !== trick.suit && (s.hands[seat] ?? []).some((c) => suitOf(face(c, trick.shade)) === trick.suit)) {
    return e("must-follow-suit", `You must follow ${trick.shade} ${SUIT_NAMES[trick.suit] ?? trick.suit}.`);
  }
  return e("no-points-on-first-trick", "No card with a Dark point face may be played on the first trick.");
}
