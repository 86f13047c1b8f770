/**
 * Legality (docs/rules/hit-the-deck.md, "Play", "Demands", "The slap race").
 * `legalActions` is the oracle; `checkAction` gives the reason an action is refused, and the
 * property test proves the two agree. A slap's `reactionMs` is a measurement the server attaches,
 * not a choice: legality ignores it (it only has to be a finite number >= 0).
 */
import type { RuleError } from "../../engine.ts";
import { card } from "./cards.ts";
import { ADJUDICATED_TIMINGS, topCard, type HitTheDeckAction, type HitTheDeckState } from "./state.ts";

/**
 * May `id` go on the discard pile now? A demand (WITH A NUMBER / WITH A COLOR) takes only a
 * card of that number / colour, never a HIT THE DECK card. Otherwise: HIT THE DECK cards go on
 * anything; anything goes on a HIT THE DECK card (WITH A HAND after its race); CUT and FLIP
 * match by colour; number cards by colour or number.
 */
export function fits(s: HitTheDeckState, id: string): boolean {
  const c = card(id);
  const d = s.demand;
  if (d !== null) return d.kind === "number" ? c.kind === "number" && c.number === d.number : c.colour === d.colour;
  const top = topCard(s);
  if (top === undefined || c.colour === null) return true;
  const t = card(top);
  if (t.colour === null || t.colour === c.colour) return true;
  return c.kind === "number" && t.kind === "number" && c.number === t.number;
}

export function validSeat(s: HitTheDeckState, seat: number): boolean {
  return Number.isInteger(seat) && seat >= 0 && seat < s.options.seats;
}

export function playableCards(s: HitTheDeckState, seat: number): string[] {
  return (s.hands[seat] ?? []).filter((id) => fits(s, id));
}

const hasSlapped = (s: HitTheDeckState, seat: number): boolean => s.race?.slaps.some((x) => x.seat === seat) ?? false;

/** The seat that must still call, or null. */
export const mustCall = (s: HitTheDeckState): number | null => (s.race !== null && s.race.call === "pending" ? s.race.cause : null);

export function legalActions(s: HitTheDeckState, seat: number): HitTheDeckAction[] {
  if (!validSeat(s, seat)) return [];
  switch (s.phase) {
    case "roundOver":
      return s.continued[seat] ? [] : [{ type: "continue" }];
    case "race": {
      const actions: HitTheDeckAction[] = hasSlapped(s, seat) ? [] : [{ type: "slap" }];
      if (mustCall(s) === seat) actions.push({ type: "call" });
      return actions;
    }
    case "turn": {
      // A slap with no race open is a legal fake-out for everyone (it costs 2 cards).
      if (seat !== s.turn) return [{ type: "slap" }];
      const plays = playableCards(s, seat).map((id): HitTheDeckAction => ({ type: "play", card: id }));
      return [...(plays.length > 0 ? plays : [{ type: "draw" } as const]), { type: "slap" }];
    }
    default:
      return [];
  }
}

export function awaiting(s: HitTheDeckState): number[] {
  if (s.phase === "turn") return [s.turn];
  if (s.phase === "roundOver") return s.continued.flatMap((c, seat) => (c ? [] : [seat]));
  if (s.phase !== "race") return [];
  return s.hands.flatMap((_, seat) => (!hasSlapped(s, seat) || mustCall(s) === seat ? [seat] : []));
}

const e = (code: string, message: string): RuleError => ({ code, message });

/** Why `action` is refused for `seat`, or null when it is legal. */
export function checkAction(s: HitTheDeckState, seat: number, action: HitTheDeckAction): RuleError | null {
  if (s.phase === "gameOver") return e("game-over", "The game is over.");
  if (!validSeat(s, seat)) return e("no-such-seat", "That seat is not at this table.");
  switch (action.type) {
    case "continue":
      if (s.phase !== "roundOver") return e("wrong-phase", "The hand is still being played.");
      return s.continued[seat] ? e("already-continued", "You already continued.") : null;
    case "slap":
      return checkSlap(s, seat, action.reactionMs, action.timing);
    case "call":
      return checkCall(s, seat);
    case "play":
    case "draw":
      return checkTurn(s, seat, action);
    default:
      return e("unknown-action", "Unknown action.");
  }
}

function checkSlap(s: HitTheDeckState, seat: number, reactionMs: unknown, timing: unknown): RuleError | null {
  if (reactionMs !== undefined && (typeof reactionMs !== "number" || !Number.isFinite(reactionMs) || reactionMs < 0)) {
    return e("bad-reaction-time", "A reaction time must be a finite number of ms, 0 or more.");
  }
  if (timing !== undefined && (reactionMs === undefined || !(ADJUDICATED_TIMINGS as readonly unknown[]).includes(timing))) {
    return e("bad-reaction-time", 'A slap\'s timing is "claim" or "estimate", and only with a reaction time.');
  }
  if (s.phase === "roundOver") return e("wrong-phase", "No hand is being played.");
  return hasSlapped(s, seat) ? e("already-slapped", "You already slapped in this race.") : null;
}

function checkCall(s: HitTheDeckState, seat: number): RuleError | null {
  const r = s.race;
  if (s.phase !== "race" || r === null) return e("no-race-open", "There is nothing to call.");
  if (seat !== r.cause) return e("not-the-caller", "Only the player who played or exposed the card calls it.");
  if (r.call === "made") return e("already-called", "You already called.");
  return r.call === "missed" ? e("call-window-closed", "The call window has closed.") : null;
}

function checkTurn(s: HitTheDeckState, seat: number, action: HitTheDeckAction): RuleError | null {
  if (s.phase === "race") return e("race-open", "Hit the deck first: a race is open.");
  if (s.phase !== "turn") return e("wrong-phase", "No hand is being played.");
  if (seat !== s.turn) return e("not-your-turn", "It is not your turn.");
  if (action.type === "draw") {
    return playableCards(s, seat).length > 0 ? e("must-play", "You can play a card, so you must.") : null;
  }
  if (action.type !== "play" || !(s.hands[seat] ?? []).includes(action.card))
    return e("card-not-in-hand", "That card is not in your hand.");
  if (fits(s, action.card)) return null;
  return s.demand !== null
    ? e("must-meet-demand", "Play the demanded number or colour (not a HIT THE DECK card), or draw.")
    : e("card-does-not-match", "That card matches neither the colour nor the number on top.");
}
