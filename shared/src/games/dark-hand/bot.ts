/**
 * A sensible bot (not random). It scores a 3-card hand per shade by its "outs" (unseen faces that
 * would complete a Skit or Scat) and chases its best shade: it takes the top discard when that
 * improves the hand, discards what keeps the best score, declares whenever it may. In Dark Hand it
 * calls a shade when its hand makes winning in it likely: already a meld in that shade before its
 * turn comes, or at least four outs in it early in the hand with tokens to spare.
 */
import type { Shade } from "../../dark-deck.ts";
import type { Rng } from "../../rng.ts";
import { callOptions, declareOptions, legalActions } from "./legal.ts";
import { completingFaces, faceOf, meldIn, shadesOf } from "./melds.ts";
import { calledShade, type HandAction, type HandState } from "./state.ts";

/** Outs in a shade worth calling on (with CALL_TOKENS or more tokens in front). */
export const CALL_OUTS = 4;
export const CALL_TOKENS = 3;

const MELD_SCORE = { skit: 1000, scat: 1100 } as const;

/** What one decision needs: the seat's target shades and the faces no one can draw, per shade. */
export interface Judge {
  readonly s: HandState;
  readonly shades: readonly Shade[];
  readonly dead: ReadonlyMap<Shade, ReadonlySet<string>>;
}

/**
 * A caller can only win in its called shade. Dead faces: the discard pile below its top and
 * laid-down melds.
 */
function judge(s: HandState, seat: number, shades?: readonly Shade[]): Judge {
  const called = calledShade(s, seat);
  const targets = shades ?? (called === null ? shadesOf(s.rules.dark) : [called]);
  const cards = [...s.discard.slice(0, -1), ...s.melds.flatMap((m) => m.cards)];
  return { s, shades: targets, dead: new Map(targets.map((shade) => [shade, new Set(cards.map((c) => faceOf(c, shade)))])) };
}

function shadeScore(j: Judge, hand: readonly string[], shade: Shade): number {
  const kind = meldIn(hand, shade);
  if (kind !== null) return MELD_SCORE[kind];
  const dead = j.dead.get(shade);
  let outs = 0;
  for (const f of completingFaces(hand.map((c) => faceOf(c, shade)))) if (!dead?.has(f)) outs += 1;
  return outs * 10;
}

/** The best shade's score, plus a little of the others' (to break ties toward flexible hands). */
export function handScore(j: Judge, hand: readonly string[]): number {
  const scores = j.shades.map((shade) => shadeScore(j, hand, shade));
  return Math.max(...scores) + scores.reduce((a, b) => a + b, 0) / 100;
}

/** The best 3-card hand score keeping all but one of `cards` (never dropping `keep`). */
function bestKeep(j: Judge, cards: readonly string[], keep: string | null): { score: number; discard: string } {
  let best = { score: -1, discard: cards[0] as string };
  for (const card of cards) {
    if (card === keep) continue;
    const score = handScore(
      j,
      cards.filter((c) => c !== card),
    );
    if (score > best.score) best = { score, discard: card };
  }
  return best;
}

/** The shade to call now, or null: see the file comment. */
export function callWanted(s: HandState, seat: number): Shade | null {
  const options = callOptions(s, seat);
  const hand = s.hands[seat] ?? [];
  const onTurn = seat === s.turn;
  if (options.length === 0 || hand.length !== 3 || (onTurn && s.step !== "draw")) return null;
  const tokens = s.tokens[seat] ?? 0;
  const j = judge(s, seat, options);
  let best: { shade: Shade; score: number } | null = null;
  for (const shade of options) {
    const score = shadeScore(j, hand, shade);
    const meld = meldIn(hand, shade);
    const worth =
      meld !== null
        ? !onTurn && tokens >= 2 && (s.skitter === null || meld === "scat")
        : s.skitter === null && tokens >= CALL_TOKENS && score >= CALL_OUTS * 10;
    if (worth && (best === null || score > best.score)) best = { shade, score };
  }
  return best?.shade ?? null;
}

export function bot(s: HandState, seat: number, _rng: Rng): HandAction | null {
  const legal = legalActions(s, seat);
  const first = legal[0];
  if (first === undefined) return null;
  if (first.type === "continue") return first;
  const call = callWanted(s, seat);
  if (call !== null) return { type: "call", shade: call };
  if (seat !== s.turn) return null;
  const hand = s.hands[seat] ?? [];
  if (s.step === "discard") return { type: "discard", card: bestKeep(judge(s, seat), hand, null).discard };
  if (s.step === "declare") return declareChoice(s, seat, legal);
  return drawChoice(s, seat, legal);
}

/** How this bot judges hands for `seat` with the discard pile and melds of `s` (for an opponent model). */
export function judgeFor(s: HandState, seat: number): Judge {
  return judge(s, seat);
}

/**
 * The discards this bot finds best among `cards` (several on a tie), as it judges them with `j`.
 * For an opponent model (shared/src/bots/skit-scat.ts).
 */
export function bestDiscards(j: Judge, cards: readonly string[]): string[] {
  const scores = cards.map((card) =>
    handScore(
      j,
      cards.filter((c) => c !== card),
    ),
  );
  const best = Math.max(...scores);
  return cards.filter((_, i) => scores[i] === best);
}

/** Whether this bot, holding `hand`, takes `top` from the discard pile (the rule of `drawChoice`). */
export function wouldTake(j: Judge, hand: readonly string[], top: string): boolean {
  return bestKeep(j, [...hand, top], top).score > handScore(j, hand) + 5;
}

/** Take the top discard when it makes the hand better by at least half an out, else draw blind. */
function drawChoice(s: HandState, seat: number, legal: readonly HandAction[]): HandAction {
  const hand = s.hands[seat] ?? [];
  const top = s.discard[s.discard.length - 1];
  const canTake = top !== undefined && legal.some((a) => a.type === "drawDiscard");
  if (canTake && wouldTake(judge(s, seat), hand, top)) return { type: "drawDiscard" };
  return legal.some((a) => a.type === "drawDeck") ? { type: "drawDeck" } : { type: "drawDiscard" };
}

/**
 * Declare a Scat before a Skit. A Forfeit Play only where it pays: in the final round (it saves
 * a payment), a wrong-shade Scat (it wins), or a Skit when the called shade is hopeless.
 */
function declareChoice(s: HandState, seat: number, legal: readonly HandAction[]): HandAction {
  const options = declareOptions(s, seat);
  const fair = options.filter((o) => !o.forfeit);
  const forfeit = options.filter((o) => o.forfeit);
  const called = calledShade(s, seat);
  const hopeless = called !== null && shadeScore(judge(s, seat), s.hands[seat] ?? [], called) <= 10;
  const pick = fair.find((o) => o.kind === "scat") ?? fair[0] ?? forfeit.find((o) => s.skitter !== null || o.kind === "scat" || hopeless);
  if (pick === undefined) return { type: "endTurn" };
  const action = legal.find((a) => a.type === "declare" && (!s.rules.dark || a.shade === pick.shade));
  return action ?? { type: "endTurn" };
}
