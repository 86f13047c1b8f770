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
  return sanitizeOptions({ game: info.game as TableOptions["game"], seats: info.seats, bots: info.bots, turnSeconds: info.turnSeconds, variants: info.variants as TableOptions["variants"] });
}

/** "Hit the Deck · 3 players · 25 s turns · Jokers": the game, then what differs between its tables. */
export function describeTable(info: TableInfo): string {
  const module = gameModule(info.game);
  const defs = module?.variants ?? [];
  const variants = Object.entries(info.variants).map(([k, v]) => {
    const label = defs.find((d) => d.key === k)?.label.replace(/ \(.*\)$/, "") ?? k;
    return v === true ? label : v === false ? `no ${label.toLowerCase()}` : `${label}: ${String(v)}`;
  });
  return [module?.title ?? info.game, `${info.seats} players`, ...(info.turnSeconds > 0 ? [`${info.turnSeconds} s turns`] : []), ...(info.ranked ? ["Ranked"] : []), ...variants].join(" · ");
}
