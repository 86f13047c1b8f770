/** Turns a client's join options into the table's options, or a readable error. */
import { joinOptionsSchema, quickPlayKey, type AnyGame, type ParsedJoinOptions } from "@scat/shared";
import { GAMES, defaultSeats } from "../games.ts";
import { checkDisplayName } from "../names/validate.ts";

export interface TableOptions {
  readonly join: ParsedJoinOptions;
  readonly seats: number;
  readonly bots: number;
  /** What the engine's `setup` receives. */
  readonly engine: unknown;
  readonly mode: string;
  /** Countdown before bots fill a waiting table's empty seats, seconds (0 = never). */
  readonly autoFillSeconds: number;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

function issuesText(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.map(String).join(".")}: ${i.message}` : i.message)).join("; ");
}

function parseJoinShape(raw: unknown): Parsed<ParsedJoinOptions> {
  const res = joinOptionsSchema.safeParse(raw ?? {});
  return res.success ? { ok: true, value: res.data } : { ok: false, message: issuesText(res.error) };
}

/**
 * A joining player's options. A name that breaks the name rules (names/validate.ts) refuses the
 * join with the reason (`bad join options: bad-name: …`); a good one comes back normalised.
 */
export function parseJoinOptions(raw: unknown): Parsed<ParsedJoinOptions> {
  const join = parseJoinShape(raw);
  if (!join.ok) return join;
  const name = checkDisplayName(join.value.name);
  if (!name.ok) return { ok: false, message: `bad-name: ${name.reason}` };
  return { ok: true, value: { ...join.value, name: name.name } };
}

/** The table's options from its creator's join options (the name is checked when they join, not here). */
export function parseTableOptions(game: AnyGame, raw: unknown): Parsed<TableOptions> {
  const join = parseJoinShape(raw);
  if (!join.ok) return join;
  const j = join.value;
  const seats = j.seats ?? defaultSeats(game);
  if (seats < game.minSeats || seats > game.maxSeats) {
    return { ok: false, message: `${game.title} is played by ${game.minSeats} to ${game.maxSeats} players` };
  }
  if (j.bots > seats - 1) return { ok: false, message: `at most ${seats - 1} bots at a table of ${seats}` };
  const engine = game.optionsSchema.safeParse({ ...j.variants, seats, turnMs: j.turnSeconds * 1000 });
  if (!engine.success) return { ok: false, message: issuesText(engine.error) };
  const mode = quickPlayKey({ seats, bots: j.bots, botStrength: j.botStrength, turnSeconds: j.turnSeconds, variants: j.variants });
  const autoFillSeconds = j.autoFillSeconds ?? (j.private ? 0 : 30);
  return { ok: true, value: { join: j, seats, bots: j.bots, engine: engine.data, mode, autoFillSeconds } };
}

/**
 * Quick play matches tables on their `mode` key. A join that names none gets the key of its own
 * options, so it meets only tables with the same options (never a started or closed one).
 */
export function withQuickPlayKey(roomName: string, options: Record<string, unknown>): Record<string, unknown> {
  const hosted = GAMES[roomName as keyof typeof GAMES];
  if (!hosted || options.mode !== undefined) return options;
  const parsed = parseTableOptions(hosted.game, options);
  return parsed.ok ? { ...options, mode: parsed.value.mode } : options;
}
