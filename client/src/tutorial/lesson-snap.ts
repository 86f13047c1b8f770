/**
 * The lesson's table as the table scene's snapshot (`TableSnap`), built from the engine's views
 * exactly as replays do (replay/replay-snap.ts), plus the player's legal actions narrowed to the
 * lesson's move: only the card, pile or button the prompt points at glows, and a click on any
 * other card asks the lesson why not (the refused-click path of a11y/refusal.ts).
 */
import { LARGE_CHOICE } from "@scat/shared/wire-state.ts";
import { PLAYER, sameAction, type Action, type Lesson } from "@scat/shared/tutorial/lesson.ts";
import type { TableView } from "@scat/shared";
import type { Json, LegalAction, SeatSnap, TableSnap } from "../net/snapshot.ts";
import { tableOptions } from "../replay/replay-snap.ts";

const wire = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

export const BOT_NAMES = ["Ada (bot)", "Ben (bot)", "Cleo (bot)", "Dev (bot)", "Eli (bot)"];

/** The player's actions the lesson offers now: its move (and any choice of the types it leaves free). */
export function lessonLegal(lesson: Lesson): LegalAction[] {
  const want = lesson.lesson();
  if (want === null) return [];
  const free = new Set(lesson.script.anyOf ?? []);
  const offered = lesson.legal().filter((a) => sameAction(a, want) || free.has(a.type));
  return summarise(offered);
}

/** Many choices of a card set (a pass of three) become one `{choose, from}` summary, as the room sends them. */
function summarise(actions: readonly Action[]): LegalAction[] {
  const sets = actions.filter((a) => Array.isArray(a["cards"]));
  if (sets.length <= LARGE_CHOICE) return actions.map((a) => wire(a) as LegalAction);
  const first = sets[0]!;
  const from = [...new Set(sets.flatMap((a) => a["cards"] as string[]))];
  const rest = actions.filter((a) => !Array.isArray(a["cards"]));
  return [...rest.map((a) => wire(a) as LegalAction), { type: first.type, cards: { choose: (first["cards"] as string[]).length, from } }];
}

export function lessonSnap(lesson: Lesson, playerName: string): TableSnap {
  const engine = lesson.engine;
  const state = lesson.state;
  const pub = engine.view(state, null) as TableView;
  const own = (engine.view(state, PLAYER) as TableView).you;
  const outcome = engine.outcome(state);
  const seats: SeatSnap[] = pub.seats.map((s, i) => ({
    index: i,
    name: i === PLAYER ? playerName : (BOT_NAMES[i - 1] ?? `Bot ${i}`),
    occupied: true,
    isBot: i !== PLAYER,
    botReason: i === PLAYER ? "" : "asked",
    connected: true,
    awayUntil: 0,
    ping: 0,
    handCount: s.handCount,
    score: s.score,
    info: wire(s.info) as Json,
    mine: i === PLAYER && own ? { hand: [...own.hand], legal: lessonLegal(lesson), info: wire(own.info) as Json } : null,
  }));
  return {
    game: lesson.script.game,
    status: outcome ? "ended" : "playing",
    phase: pub.phase,
    version: state.version,
    // No clock runs in a lesson.
    deadline: 0,
    round: pub.round,
    dealer: pub.dealer,
    turn: pub.turn,
    awaiting: [...pub.awaiting],
    seats,
    piles: Object.fromEntries(Object.entries(pub.piles).map(([k, p]) => [k, { count: p.count, cards: [...p.cards] }])),
    info: wire(pub.info) as Json,
    result: pub.result == null ? null : (wire(pub.result) as Json),
    outcome: outcome ? (wire(outcome) as unknown as Json) : null,
    options: tableOptions(lesson.match.options),
    isPrivate: true,
    autoFillAt: 0,
  };
}
