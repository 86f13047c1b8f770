/**
 * A decoded client state against the engine's view for that client (public facts, piles,
 * results, outcome; the own hand, private facts and legal actions; no other seat's private
 * part). Used by typed-state (every game's schema) and join-views (every way into a table).
 */
import type { AnyGame, TableView } from "@scat/shared";
import { placesBySeat } from "@scat/shared/standings.ts";
import {
  combinations,
  expandLegal,
  isOwnSeat,
  plainOf,
  privateFactsOf,
  readChoices,
  seatFactsOf,
  type LegalAction,
  type Plain,
} from "@scat/shared/wire-state.ts";
import { expect } from "vitest";
import type { Match } from "../../src/table/match.ts";

/**
 * JSON as the view would be sent, with null-valued keys and empty lists dropped: null and absent
 * are the same, and an optional list is absent while empty (docs/PROTOCOL.md, absent reads as empty).
 */
export function norm(v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (Array.isArray(v)) return v.map((x) => norm(x) ?? null);
  if (typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const n = norm(x);
      if (n !== undefined && !(Array.isArray(n) && n.length === 0)) out[k] = n;
    }
    return out;
  }
  return v;
}

const sorted = (list: unknown[]): string[] => list.map((a) => JSON.stringify(a)).sort();

/**
 * The decoded actions; a large "any k of" summary stands for exactly the engine's actions of its
 * type when they are all k-subsets of its cards and as many as there are (cheaper than expanding).
 */
function actionsOf(decoded: readonly LegalAction[], engine: readonly any[]): unknown[] {
  return decoded.flatMap((a) => {
    const c = a.cards;
    if (!c || Array.isArray(c)) return [a];
    const mine = engine.filter((e) => e.type === a.type && Array.isArray(e.cards));
    const from = new Set((c as { readonly from: readonly string[] }).from);
    const k = (c as { choose: number }).choose;
    const distinct = new Set(mine.map((e) => [...e.cards].sort().join(" ")));
    const exact =
      mine.length === combinations(from.size, k) &&
      distinct.size === mine.length &&
      mine.every((e) => e.cards.length === k && e.cards.every((x: string) => from.has(x)));
    return exact ? mine : [a];
  });
}

/** Expects the decoded `state` (a decoder's root) to show the engine's view for `seat` (null: a spectator). */
export function expectEngineView(game: AnyGame, match: Match, state: unknown, seat: number | null, where: string): void {
  const view = game.view(match.state, seat) as TableView;
  const got = plainOf(state) as Record<string, any>;
  expect(norm(got["info"]), `${where} info`).toEqual(norm(view.info));
  expect(norm(got["result"]), `${where} result`).toEqual(norm(view.result));
  const outcome = game.outcome(match.state);
  // The engine's outcome, plus the place of each seat (ties shared) read from it once.
  expect(norm(got["outcome"]), `${where} outcome`).toEqual(
    norm(outcome && { ...outcome, places: placesBySeat(game.id, match.state, outcome) }),
  );
  // A pile with no face-up card carries no list (absent reads as empty).
  const piles = Object.fromEntries(
    Object.entries((got["piles"] ?? {}) as Record<string, Record<string, Plain>>).map(([k, p]) => [k, { ...p, cards: p["cards"] ?? [] }]),
  );
  expect(norm(piles), `${where} piles`).toEqual(norm(view.piles));
  expect(
    {
      phase: got["phase"],
      turn: got["turn"],
      round: got["round"],
      dealer: got["dealer"],
      awaiting: got["awaiting"],
      deadline: got["deadline"] ? got["deadlineBase"] + got["deadline"] : 0,
    },
    where,
  ).toEqual({
    phase: view.phase,
    turn: view.turn,
    round: view.round,
    dealer: view.dealer,
    awaiting: view.awaiting,
    deadline: view.deadline ?? 0,
  });
  view.seats.forEach((s, i) => {
    const decoded = got["seats"][i] as Record<string, Plain>;
    expect(norm({ handCount: decoded["handCount"], score: decoded["score"], info: seatFactsOf(decoded) }), `${where} seats[${i}]`).toEqual(
      norm(s),
    );
    if (i !== seat) {
      expect([decoded["hand"], decoded["legal"]], `${where}: seat ${i}'s hand and choices`).toEqual([null, null]);
      expect(
        Object.values(privateFactsOf(decoded)).filter((v) => v !== null),
        `${where}: seat ${i}'s private facts`,
      ).toEqual([]);
    }
  });
  if (seat === null) return;
  const mine = (state as any).seats[seat];
  expect(isOwnSeat(mine), `${where} own seat`).toBe(true);
  const own = plainOf(mine) as Record<string, Plain>;
  expect(own["hand"], `${where} hand`).toEqual(view.you!.hand);
  expect(own["handCount"], `${where} handCount is the hand's length`).toEqual(view.you!.hand.length);
  expect(norm(privateFactsOf(own)), `${where} you.info`).toEqual(norm(view.you!.info));
  expect(sorted(actionsOf(expandLegal(readChoices(mine.legal)), match.legal(seat))), `${where} legal`).toEqual(sorted(match.legal(seat)));
}
