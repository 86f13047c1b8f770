/**
 * What a table code leads to (`GET /api/social/tables/:code`): the invite banner
 * names the game and its options, and the lobby form shows them.
 */
import { gameModule } from "../games/registry.ts";
import { serverEndpoint } from "../net/endpoint.ts";
import { sanitizeOptions, type TableOptions } from "../net/table-options.ts";

export interface TableInfo {
  readonly code: string;
  readonly game: string;
  readonly status: string;
  readonly seats: number;
  readonly players: number;
  readonly bots: number;
  readonly turnSeconds: number;
  readonly variants: Readonly<Record<string, unknown>>;
  readonly ranked: boolean;
  readonly open: boolean;
}

/** The table behind a code, or null (unknown, closed, or the server could not say). */
export async function fetchTableInfo(code: string): Promise<TableInfo | null> {
  try {
    const res = await fetch(`${serverEndpoint()}/api/social/tables/${encodeURIComponent(code.trim())}`, { credentials: "same-origin" });
    if (!res.ok) return null;
    const body = (await res.json()) as TableInfo;
    return typeof body.game === "string" && typeof body.code === "string" ? body : null;
  } catch {
    return null;
  }
}

/** The table's options as the lobby form holds them. */
export function optionsOf(info: TableInfo): TableOptions {
  return sanitizeOptions({
    game: info.game as TableOptions["game"],
    seats: info.seats,
    bots: info.bots,
    turnSeconds: info.turnSeconds,
    variants: info.variants as TableOptions["variants"],
  });
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "3 players (1 bot, 2 seats open)": the table's size and what is left of it for a newcomer. */
export function seatsText(info: TableInfo): string {
  const open = Math.max(0, info.seats - info.players - info.bots);
  const parts = [...(info.bots > 0 ? [plural(info.bots, "bot")] : []), open > 0 ? `${plural(open, "seat")} open` : "every seat taken"];
  return `${info.seats} players (${parts.join(", ")})`;
}

/**
 * "Hit the Deck · 3 players (2 seats open) · game to 10 · 25 s turns · Jokers": the game, the
 * seats as they are now, the length of the game (its default when the table kept it), then what
 * else differs between its tables.
 */
export function describeTable(info: TableInfo): string {
  const module = gameModule(info.game);
  const defs = module?.variants ?? [];
  const targetDef = defs.find((d) => d.key === "target");
  const target = targetDef ? [`game to ${String(info.variants["target"] ?? targetDef.default)}`] : [];
  const variants = Object.entries(info.variants)
    .filter(([k]) => k !== "target")
    .map(([k, v]) => {
      const label = defs.find((d) => d.key === k)?.label.replace(/ \(.*\)$/, "") ?? k;
      return v === true ? label : v === false ? `no ${label.toLowerCase()}` : `${label}: ${String(v)}`;
    });
  return [
    module?.title ?? info.game,
    seatsText(info),
    ...target,
    ...(info.turnSeconds > 0 ? [`${info.turnSeconds} s turns`] : []),
    ...(info.ranked ? ["Ranked"] : []),
    ...variants,
  ].join(" · ");
}

/** Why a link's table takes nobody new, said before anyone types a name (null: it has a seat). */
export function closedText(info: TableInfo): string | null {
  if (info.open) return null;
  if (info.status === "ended") return "That table's game is over.";
  if (info.ranked) return "That is a ranked table: its seats were matched, so nobody new can sit down. You can watch it.";
  return info.status === "playing"
    ? "Every seat at that table is taken and its game has started. You can watch it."
    : "Every seat at that table is taken. You can watch it.";
}
