/**
 * Everything the load clients read from a table's synced state, in one place (docs/PROTOCOL.md
 * "Synced state"): the rest of the client never touches schema fields. Values that are JSON
 * strings today may become typed schema later; `plain` accepts either.
 */

/** A JSON string, a schema instance (`toJSON`) or a plain value, as a plain value. */
function plain(value: unknown, fallback: unknown): unknown {
  if (value === undefined || value === null || value === "") return fallback;
  if (typeof value === "string") {
    try {
      return JSON.parse(value);
    } catch {
      return fallback;
    }
  }
  const withJson = value as { toJSON?: () => unknown };
  return typeof withJson.toJSON === "function" ? withJson.toJSON() : value;
}

export interface LegalAction {
  readonly type: string;
  readonly [key: string]: unknown;
}

export interface TableView {
  readonly status: string;
  readonly phase: string;
  readonly version: number;
  readonly turn: number;
  readonly awaiting: readonly number[];
  readonly seatCount: number;
  /** This client's seat (the one whose private part it can decode), or -1. */
  readonly mySeat: number;
  /** What this client may send now (its seat's `legal`). */
  readonly legal: readonly LegalAction[];
  /** The game's private facts: its seat's fields `myX`, as `x`. */
  readonly mine: Readonly<Record<string, unknown>>;
  /** Public `info`. */
  readonly info: Readonly<Record<string, unknown>>;
}

/** A seat; its view-tagged `hand`, `legal` and private facts `myX` reach only its own client. */
interface RawSeat {
  hand?: unknown;
  legal?: unknown;
}

/** The game's private facts of the own seat: its fields `myX`, as `x` (a schema instance: `toJSON`, or a plain object). */
function privateFacts(seat: object): Record<string, unknown> {
  const all = plain(seat, {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(all)) {
    const c = k.charAt(2);
    if (k.startsWith("my") && c !== "" && c !== c.toLowerCase()) out[c.toLowerCase() + k.slice(3)] = v;
  }
  return out;
}
interface RawState {
  status?: string;
  phase?: string;
  version?: number;
  turn?: number;
  awaiting?: Iterable<number>;
  seats?: Iterable<RawSeat> & { length: number };
  info?: unknown;
}

/** A typed legal choice (schema): `card`/`shade`/`from` are space-separated lists. */
interface RawChoice {
  type: string;
  card?: string;
  shade?: string;
  choose?: number;
  from?: string;
}

const words = (text: string | undefined): string[] => (text ? text.split(" ").filter(Boolean) : []);

/** The legal actions from the seat's `legal`: a JSON string of actions, or typed compact choices. */
function legalActions(raw: unknown): LegalAction[] {
  if (raw === undefined || raw === null) return [];
  if (typeof raw === "string") {
    const list = plain(raw, []);
    return Array.isArray(list) ? list.map((a) => (typeof a === "string" ? { type: a } : (a as LegalAction))) : [];
  }
  const out: LegalAction[] = [];
  for (const c of raw as Iterable<RawChoice>) {
    const cards = words(c.card);
    const shades = words(c.shade);
    if ((c.choose ?? 0) > 0) out.push({ type: c.type, cards: { choose: c.choose, from: words(c.from) } });
    else if (cards.length && shades.length) for (const card of cards) for (const shade of shades) out.push({ type: c.type, card, shade });
    else if (cards.length) for (const card of cards) out.push({ type: c.type, card });
    else if (shades.length) for (const shade of shades) out.push({ type: c.type, shade });
    else out.push({ type: c.type });
  }
  return out;
}

export function readView(state: unknown): TableView {
  const s = (state ?? {}) as RawState;
  const seats = s.seats ? [...s.seats] : [];
  const mySeat = seats.findIndex((seat) => seat?.hand !== undefined && seat.hand !== null);
  const mine = mySeat >= 0 ? seats[mySeat]! : null;

  return {
    status: s.status ?? "",
    phase: s.phase ?? "",
    version: s.version ?? 0,
    turn: s.turn ?? -1,
    awaiting: s.awaiting ? [...s.awaiting] : [],
    seatCount: seats.length,
    mySeat,
    legal: mine ? legalActions(mine.legal) : [],
    mine: mine ? privateFacts(mine) : {},
    info: plain(s.info, {}) as Record<string, unknown>,
  };
}
