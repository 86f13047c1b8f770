/**
 * A replay frame as the table scene's snapshot (`TableSnap`, net/snapshot.ts): public facts from
 * the engine's spectator view, the watched seat's own part from `view(state, seat)`, exactly as
 * the server projects them (server/src/table/projection.ts). The game views render it unchanged.
 * Replays never act, so no seat has legal actions.
 */
import type { Replay } from "@scat/shared/fairness/replay.ts";
import { placesBySeat } from "@scat/shared/standings.ts";
import type { Json, SeatSnap, TableSnap } from "../net/snapshot.ts";
import { replaySeatName } from "./step-words.ts";

/** Which table the viewer shows: a seat's own view, a spectator's, or every hand open. */
export type ReplayView = { readonly kind: "seat"; readonly seat: number } | { readonly kind: "spectator" } | { readonly kind: "open" };

export function viewSeat(view: ReplayView): number | null {
  return view.kind === "seat" ? view.seat : null;
}

/** A JSON round trip, as the wire does (no shared references, no undefined fields). */
const wire = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/** `options` as the table state carries them: seats, turn seconds and the variants. */
export function tableOptions(options: unknown): Json {
  const { seats, turnMs, pauseMs: _pause, ...variants } = (options ?? {}) as Record<string, unknown>;
  return { seats, turnSeconds: typeof turnMs === "number" ? turnMs / 1000 : 30, variants };
}

export function replaySnap(replay: Replay, index: number, view: ReplayView, names?: readonly string[]): TableSnap {
  const frame = replay.at(index);
  const pub = replay.view(index, null);
  const seat = viewSeat(view);
  const own = seat === null ? null : replay.view(index, seat).you;
  const outcome = replay.outcomeAt(index);
  const seats: SeatSnap[] = pub.seats.map((s, i) => ({
    index: i,
    name: replaySeatName(names, i),
    occupied: true,
    isBot: false,
    botReason: "",
    connected: true,
    awayUntil: 0,
    ping: 0,
    handCount: s.handCount,
    score: s.score,
    info: wire(s.info) as Json,
    mine: i === seat && own ? { hand: [...own.hand], legal: [], info: wire(own.info) as Json } : null,
  }));
  return {
    game: replay.log.game,
    status: outcome ? "ended" : "playing",
    phase: pub.phase,
    version: frame.state.version,
    deadline: pub.deadline ?? 0,
    round: pub.round,
    dealer: pub.dealer,
    turn: pub.turn,
    awaiting: [...pub.awaiting],
    seats,
    piles: Object.fromEntries(Object.entries(pub.piles).map(([k, p]) => [k, { count: p.count, cards: [...p.cards] }])),
    info: wire(pub.info) as Json,
    result: pub.result == null ? null : (wire(pub.result) as Json),
    outcome: outcome ? (wire({ ...outcome, places: placesBySeat(replay.log.game, frame.state, outcome) }) as unknown as Json) : null,
    options: tableOptions(replay.log.options),
    isPrivate: false,
    autoFillAt: 0,
  };
}
