/** Turns a client's join options into the table's options, or a readable error. */
import { joinOptionsSchema, quickPlayKey, type AnyGame, type ParsedJoinOptions } from "@scat/shared";
import { defaultSeats } from "../games.ts";

export interface TableOptions {
  readonly join: ParsedJoinOptions;
  readonly seats: number;
  readonly bots: number;
  /** What the engine's `setup` receives. */
  readonly engine: unknown;
  readonly mode: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

function issuesText(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.map(String).join(".")}: ${i.message}` : i.message)).join("; ");
}

export function parseJoinOptions(raw: unknown): Parsed<ParsedJoinOptions> {
  const res = joinOptionsSchema.safeParse(raw ?? {});
  return res.success ? { ok: true, value: res.data } : { ok: false, message: issuesText(res.error) };
}

export function parseTableOptions(game: AnyGame, raw: unknown): Parsed<TableOptions> {
  const join = parseJoinOptions(raw);
  if (!join.ok) return join;
  const j = join.value;
  const seats = j.seats ?? defaultSeats(game);
  if (seats < game.minSeats || seats > game.maxSeats) {
    return { ok: false, message: `${game.title} is played by ${game.minSeats} to ${game.maxSeats} players` };
  }
  if (j.bots > seats - 1) return { ok: false, message: `at most ${seats - 1} bots at a table of ${seats}` };
  const engine = game.optionsSchema.safeParse({ ...j.variants, seats, turnMs: j.turnSeconds * 1000 });
  if (!engine.success) return { ok: false, message: issuesText(engine.error) };
  const mode = quickPlayKey({ seats, bots: j.bots, turnSeconds: j.turnSeconds, variants: j.variants });
  return { ok: true, value: { join: j, seats, bots: j.bots, engine: engine.data, mode } };
}
