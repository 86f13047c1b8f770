/**
 * Skit Scat's strong bot: a one-ply expectimax over a sampled belief, whose
 * edge is DENIAL: not discarding the card the next player needs.
 *
 * Belief: what the table memory says (each seat's pickups still held), and an opponent model for
 * the rest (the hand must explain the seat's last turns as the normal bot plays them, skit-scat.ts
 * `explainsTurns`). Heads-up (`headsUpHands`): candidate hands drawn from the unseen cards, kept
 * when they explain its last `HEADS_UP.depth` turns (fewer turns, then none, for an opponent the
 * model does not fit: a human). With 3+ seats: `PLAN.samples` deals of `skitScatDeterminizer`; a
 * deal whose next-seat hand does not explain that seat's turns (the determinizer's fallback)
 * counts `MISFIT_WEIGHT` of one that does; when none does, every deal counts alike.
 *
 * - Discard: each of the four cards is valued `10 * liveOuts(kept) - 10 * lambda * danger(card)`,
 *   a meld kept `10 * meld`. Live outs: faces that complete the kept hand, not dead (on the pile
 *   or laid down), each discounted by the chance another hand holds it. Danger: the chance the next
 *   seat's hand completes a Scat (1) or a Skit (`skitW`) with the card.
 * - Draw: the top of the pile against the expectation over the cards the deck may give.
 * - The final round (after a Skit): only completing now counts. Take the top only when it
 *   completes (a Scat before a Skit), else draw blind; keep a meld (Scat first). The normal bot
 *   takes a top that merely improves its hand, and so gives up its only chance.
 * - Declaring (and anything off turn): the normal bot's choice (it declares whenever it may).
 *
 * Public information only (the determinizer's mask), deterministic for a given rng, no clock.
 */
import type { Seat } from "../engine.ts";
import { bot as normalBot } from "../games/dark-hand/bot.ts";
import { legalActions } from "../games/dark-hand/legal.ts";
import { completingFaces, meldIn, type MeldKind } from "../games/dark-hand/melds.ts";
import type { HandAction, HandState } from "../games/dark-hand/state.ts";
import { createRng, type Rng } from "../rng.ts";
import type { TableMemory } from "./memory.ts";
import { DEFAULT_BUDGET, type SearchBudget } from "./strong.ts";
import { HIDDEN } from "./determinize.ts";
import { MODEL_DEPTH, skitScatDeterminizer } from "./skit-scat.ts";
import { cardIds, cardIndices, completions, explains, fastTurns, type Memo } from "./skit-scat-model.ts";

export const PLAN = {
  /** Sampled deals per move with 3 or more seats (heads-up: `HEADS_UP`). */
  samples: 48,
  /** Weight of denial against one live out. */
  lambda: 5,
  /** A Skit handed to the next seat, against a Scat (1): it opens the final round, not the win. */
  skitW: 0.8,
  /** A kept meld in live outs. */
  meld: 8,
} as const;
/** A deal whose next hand the opponent model could not explain, against one it could. */
export const MISFIT_WEIGHT = 0.05;

const MELD_RANK: Record<MeldKind, number> = { scat: 2, skit: 1 };

/** Seats still in after `seat`, in turn order. */
function aliveAfter(s: HandState, seat: Seat): Seat[] {
  const n = s.hands.length;
  const out: Seat[] = [];
  for (let k = 1; k < n; k++) {
    const x = (seat + k) % n;
    if (!s.out[x]) out.push(x);
  }
  return out;
}

export interface Belief {
  /** Sampled hands of the next seat to draw, with their weights (summing to 1). */
  readonly next: readonly { readonly hand: readonly string[]; readonly w: number }[];
  /** The chance the next seat completes a meld with a card (a Scat counts 1, a Skit `skitW`); absent: 0. */
  readonly danger: ReadonlyMap<string, number>;
  /** Chance each card sits in some other hand. */
  readonly held: ReadonlyMap<string, number>;
  /** Cards the deck may give, with the chance each is there. */
  readonly pool: ReadonlyMap<string, number>;
  /** Cards the deck cannot give: the discard pile and laid-down melds. */
  readonly dead: ReadonlySet<string>;
}

/** Heads-up: candidate hands drawn for the opponent (importance sampling: each kept if it explains its turns). */
export const HEADS_UP = {
  proposals: 600,
  /** Turns read back (the sampled deals' model reads 3: with one hand to draw, more fit the budget). */
  depth: 6,
  /** Fewer explaining hands than this: the opponent model does not fit (see `headsUpHands`). */
  minFits: 4,
} as const;
/** Turns read back when the opponent's last `HEADS_UP.depth` do not fit the model. */
const FALLBACK_DEPTHS = [3, 1] as const;

/**
 * Heads-up, the opponent's hand by importance sampling: `HEADS_UP.proposals` hands drawn uniformly
 * from the unseen cards (its known pickups kept), each kept (weight 1) when it explains the seat's
 * turns this hand as the normal bot plays them (back `HEADS_UP.depth` turns), else dropped. An
 * opponent who plays otherwise (a human) leaves fewer than `minFits`: then the hands explaining
 * its last `FALLBACK_DEPTHS` turns, or else all of them (what the pickups alone say).
 */
function headsUpHands(s: HandState, seat: Seat, opp: Seat, memory: TableMemory | null, rng: Rng, time?: SearchBudget["time"]): string[][] {
  const known = skitScatDeterminizer.mask(s, seat, memory);
  const open = (known.state.hands[opp] ?? []).filter((c) => c !== HIDDEN);
  const hidden = (known.state.hands[opp]?.length ?? 0) - open.length;
  const turns = fastTurns(s, memory?.turns(opp) ?? []);
  const openIndices = cardIndices(open);
  const unseen = cardIndices(known.unseen);
  const proposals: number[][] = [];
  const fits: number[][] = [];
  const memo: Memo = new Map();
  const started = time?.now() ?? 0;
  for (let i = 0; i < HEADS_UP.proposals; i++) {
    // A live table's clock (`budget.time`): fewer proposals, never more than its cap.
    if (time && i % 16 === 15 && time.now() - started > time.maxMs) break;
    const hand = [...openIndices, ...rng.shuffle(unseen).slice(0, hidden)];
    proposals.push(hand);
    if (explains(turns, hand, HEADS_UP.depth, memo)) fits.push(hand);
  }
  let chosen = fits;
  for (const depth of FALLBACK_DEPTHS) {
    if (chosen.length >= HEADS_UP.minFits) break;
    chosen = proposals.filter((h) => explains(turns, h, depth, memo));
  }
  return (chosen.length >= HEADS_UP.minFits ? chosen : proposals).map(cardIds);
}

/** The belief of `seat` (on turn, not in the final round) about the others' hands. */
export function beliefOf(s: HandState, seat: Seat, memory: TableMemory | null, rng: Rng, time?: SearchBudget["time"]): Belief {
  const others = aliveAfter(s, seat);
  const next = others[0];
  const known = skitScatDeterminizer.mask(s, seat, memory);
  const seed = rng.int(2 ** 31);
  let deals: { hands: string[][]; w: number }[] = [];
  const heads = others.length === 1 && next !== undefined ? headsUpHands(s, seat, next, memory, createRng(`${seed}:hu`), time) : null;
  if (heads !== null) deals = heads.map((h) => ({ hands: s.hands.map((_, i) => (i === next ? h : [])), w: 1 }));
  else {
    const nextTurns = fastTurns(s, next === undefined ? [] : (memory?.turns(next) ?? []));
    const memo: Memo = new Map();
    const started = time?.now() ?? 0;
    for (let i = 0; i < PLAN.samples; i++) {
      if (time && i > 0 && time.now() - started > time.maxMs) break; // a live table's cap, as above
      const deal = skitScatDeterminizer.fill(known, createRng(`${seed}:b:${i}`));
      const fits = next === undefined || explains(nextTurns, cardIndices(deal.hands[next] ?? []), MODEL_DEPTH, memo);
      deals.push({ hands: deal.hands, w: fits ? 1 : MISFIT_WEIGHT });
    }
  }
  const total = deals.reduce((a, d) => a + d.w, 0);
  const held = new Map<string, number>();
  for (const d of deals) for (const x of others) for (const c of d.hands[x] ?? []) held.set(c, (held.get(c) ?? 0) + d.w / total);
  const dead = new Set<string>([...s.discard, ...s.melds.flatMap((m) => m.cards)]);
  const mine = new Set(s.hands[seat]);
  const pool = new Map<string, number>();
  for (const c of known.unseen) if (!mine.has(c) && !dead.has(c)) pool.set(c, 1 - (held.get(c) ?? 0));
  const nextHands = next === undefined ? [] : deals.map((d) => ({ hand: d.hands[next] ?? [], w: d.w / total }));
  const danger = new Map<string, number>();
  for (const { hand, w } of nextHands) {
    for (const [c, kind] of completions(hand)) danger.set(c, (danger.get(c) ?? 0) + w * (kind === "scat" ? 1 : PLAN.skitW));
  }
  return { next: nextHands, danger, held, pool, dead };
}

function liveOuts(b: Belief, kept: readonly string[], d: string): number {
  let outs = 0;
  for (const f of completingFaces(kept)) if (!b.dead.has(f) && f !== d) outs += 1 - (b.held.get(f) ?? 0);
  return outs;
}

function value(b: Belief, kept: readonly string[], d: string): number {
  const m = meldIn(kept, "light");
  if (m !== null) return 10 * PLAN.meld * (m === "scat" ? 1.1 : 1);
  return 10 * liveOuts(b, kept, d) - 10 * PLAN.lambda * (b.danger.get(d) ?? 0);
}

function bestDiscard(b: Belief, four: readonly string[]): { card: string; v: number } {
  let best = { card: four[0]!, v: -Infinity };
  for (const d of four) {
    const v = value(
      b,
      four.filter((c) => c !== d),
      d,
    );
    if (v > best.v) best = { card: d, v };
  }
  return best;
}

/** The best meld keeping three of `cards` (a Scat before a Skit), and the card it drops; null if none. */
function bestMeldKeep(cards: readonly string[]): { kind: MeldKind; drop: string } | null {
  let best: { kind: MeldKind; drop: string } | null = null;
  for (const drop of cards) {
    const kind = meldIn(
      cards.filter((c) => c !== drop),
      "light",
    );
    if (kind !== null && (best === null || MELD_RANK[kind] > MELD_RANK[best.kind])) best = { kind, drop };
  }
  return best;
}

/** The final round: complete now or never. */
function finalTurnMove(s: HandState, seat: Seat, legal: readonly HandAction[], rng: Rng): HandAction | null {
  const hand = s.hands[seat] ?? [];
  if (s.step === "discard") {
    const keep = bestMeldKeep(hand);
    return keep !== null ? { type: "discard", card: keep.drop } : normalBot(s, seat, rng);
  }
  const top = s.discard.at(-1);
  const canTake = top !== undefined && legal.some((a) => a.type === "drawDiscard");
  if (canTake && bestMeldKeep([...hand, top]) !== null) return { type: "drawDiscard" };
  return legal.some((a) => a.type === "drawDeck") ? { type: "drawDeck" } : normalBot(s, seat, rng);
}

/** Skit Scat's strong move for `seat`: see the file comment. */
export function skitScatStrongMove(
  s: HandState,
  seat: Seat,
  rng: Rng,
  memory: TableMemory | null,
  budget: SearchBudget = DEFAULT_BUDGET,
): HandAction | null {
  if (seat !== s.turn || s.phase !== "turn" || s.rules.dark || (s.step !== "draw" && s.step !== "discard")) return normalBot(s, seat, rng);
  const legal = legalActions(s, seat);
  if (s.skitter !== null) return finalTurnMove(s, seat, legal, rng);
  const hand = s.hands[seat] ?? [];
  const b = beliefOf(s, seat, memory, rng, budget.time);
  if (s.step === "discard") return { type: "discard", card: bestDiscard(b, hand).card };
  const top = s.discard.at(-1);
  const canDeck = legal.some((a) => a.type === "drawDeck");
  if (top === undefined || !legal.some((a) => a.type === "drawDiscard")) return normalBot(s, seat, rng);
  if (!canDeck) return { type: "drawDiscard" };
  const take = bestDiscard({ ...b, dead: new Set([...b.dead].filter((c) => c !== top)) }, [...hand, top]).v;
  let sum = 0,
    w = 0;
  for (const [c, p] of b.pool) {
    if (p <= 0) continue;
    sum += p * bestDiscard(b, [...hand, c]).v;
    w += p;
  }
  const deck = w > 0 ? sum / w : -Infinity;
  return take > deck ? { type: "drawDiscard" } : { type: "drawDeck" };
}
