/**
 * The per-step checks of the property harness. Each throws an Error describing the violation.
 */
import type { BaseOptions, BaseState, Ctx, GameEvent, Seat } from "../engine.ts";
import { cardIdsInValue, multisetDiff } from "./multiset.ts";
import type { PropertySpec } from "./property-spec.ts";

type Spec<S extends BaseState, A extends { type: string }, O extends BaseOptions, E extends GameEvent, V> = PropertySpec<S, A, O, E, V>;

export interface StepCheck<S, E> {
  readonly before: S | null;
  readonly after: S;
  readonly events: readonly E[];
  /** Seats whose views are checked (null = spectator); events are checked for every seat. */
  readonly viewers: readonly (Seat | null)[];
}

const key = (a: unknown): string => JSON.stringify(a);
/** Every seat and a spectator (null). */
export const seatList = (seats: number): (Seat | null)[] => [...Array.from({ length: seats }, (_, i) => i), null];

/**
 * `apply` accepts every legal action and refuses every other candidate, awaited seats have
 * something to do. On `full` steps every seat's candidates are tried (else the `focus` seat's,
 * the one about to move) and the input state is compared as JSON before and after, to prove it is not mutated.
 */
export function checkLegality<S extends BaseState, A extends { type: string }, O extends BaseOptions, E extends GameEvent, V>(
  spec: Spec<S, A, O, E, V>,
  state: S,
  seats: number,
  ctx: Ctx,
  { full, focus }: { full: boolean; focus: Seat | null },
): void {
  const frozen = full ? JSON.stringify(state) : "";
  const waiting = new Set(spec.game.awaiting(state));
  for (let seat = 0; seat < seats; seat++) {
    const legal = spec.game.legalActions(state, seat);
    if (waiting.has(seat) && legal.length === 0) throw new Error(`awaited seat ${seat} has no legal action`);
    if (full || seat === focus) checkCandidates(spec, state, seat, ctx, new Set(legal.map(key)));
    else for (const action of legal) checkAccepted(spec, state, seat, action, ctx);
  }
  if (full && JSON.stringify(state) !== frozen) throw new Error("apply mutated its input state");
}

/**
 * Every candidate outside the legal list is refused with a kebab-case code, and every legal
 * action is among the candidates (the accepted candidates are exactly the legal ones).
 */
function checkCandidates<S extends BaseState, A extends { type: string }, O extends BaseOptions, E extends GameEvent, V>(
  spec: Spec<S, A, O, E, V>,
  state: S,
  seat: Seat,
  ctx: Ctx,
  legal: ReadonlySet<string>,
): void {
  let accepted = 0;
  for (const action of spec.candidateActions(state, seat)) {
    const r = spec.game.apply(state, seat, action, ctx);
    if (r.ok) {
      if (!legal.has(key(action))) throw new Error(`illegal ${key(action)} of seat ${seat} was accepted`);
      if (r.value.state.version !== state.version + 1) throw new Error(`version did not step by one on ${key(action)}`);
      accepted += 1;
    } else if (!kebab(r.error.code)) {
      throw new Error(`error code "${r.error.code}" is not kebab-case`);
    }
  }
  if (accepted !== legal.size) throw new Error(`seat ${seat}: ${legal.size} legal actions but ${accepted} candidates accepted`);
}

function checkAccepted<S extends BaseState, A extends { type: string }, O extends BaseOptions, E extends GameEvent, V>(
  spec: Spec<S, A, O, E, V>,
  state: S,
  seat: Seat,
  action: A,
  ctx: Ctx,
): void {
  const r = spec.game.apply(state, seat, action, ctx);
  if (!r.ok) throw new Error(`legal ${key(action)} of seat ${seat} refused: ${r.error.code}`);
  if (r.value.state.version !== state.version + 1) throw new Error(`version did not step by one on ${key(action)}`);
}

const KEBAB = /^[a-z]+(-[a-z0-9]+)*$/;
const kebabCodes = new Set<string>();
function kebab(code: string): boolean {
  if (kebabCodes.has(code)) return true;
  if (!KEBAB.test(code)) return false;
  kebabCodes.add(code);
  return true;
}
const universes = new WeakMap<readonly string[], ReadonlySet<string>>();
function universeOf(ids: readonly string[]): ReadonlySet<string> {
  let u = universes.get(ids);
  if (u === undefined) universes.set(ids, (u = new Set(ids)));
  return u;
}

/** Card conservation, view secrecy and event redaction after one step. */
export function checkStep<S extends BaseState, A extends { type: string }, O extends BaseOptions, E extends GameEvent, V>(
  spec: Spec<S, A, O, E, V>,
  check: StepCheck<S, E>,
  seats: number,
): void {
  const { before, after, events } = check;
  if (before !== null && after.version !== before.version + 1) throw new Error(`version ${before.version} -> ${after.version}`);
  const { missing, extra } = multisetDiff(spec.inventory(after), spec.fullDeck(after));
  if (missing.length + extra.length > 0) throw new Error(`cards missing [${missing.join(" ")}] extra [${extra.join(" ")}]`);
  const universe = universeOf(spec.cardIds);
  for (const seat of seatList(seats)) {
    let visible: ReadonlySet<string> | null = null;
    const known = (c: string): boolean => (visible ??= spec.visibleCards(after, seat)).has(c);
    if (check.viewers.includes(seat)) {
      const leaked = [...cardIdsInValue(spec.game.view(after, seat), universe)].filter((c) => !known(c));
      if (leaked.length > 0) throw new Error(`view of seat ${seat} shows hidden cards ${leaked.join(" ")}`);
    }
    const seen = events.map((e) => spec.game.redactEvent(e, seat)).filter((e) => e !== null);
    // An event may name a card known before the step or after it (a discard taken then kept).
    const unknownAfter = [...cardIdsInValue(seen, universe)].filter((c) => !known(c));
    const earlier = before === null || unknownAfter.length === 0 ? null : spec.visibleCards(before, seat);
    const told = unknownAfter.filter((c) => earlier === null || !earlier.has(c));
    if (told.length > 0) throw new Error(`events for seat ${seat} reveal hidden cards ${told.join(" ")}`);
  }
}

/** A finished game waits for nobody and offers nothing. */
export function checkTerminal<S extends BaseState, A extends { type: string }, O extends BaseOptions, E extends GameEvent, V>(
  spec: Spec<S, A, O, E, V>,
  state: S,
  seats: number,
): void {
  if (state.deadline !== null) throw new Error("a finished game has a deadline");
  if (spec.game.awaiting(state).length > 0) throw new Error("a finished game awaits seats");
  for (let seat = 0; seat < seats; seat++) {
    if (spec.game.legalActions(state, seat).length > 0) throw new Error(`seat ${seat} has actions after the game ended`);
  }
}
