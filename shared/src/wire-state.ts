/**
 * Reading the typed table state a client decodes (docs/PROTOCOL.md, "Table state"), without
 * importing the schema package: the client decodes the classes by reflection, and these helpers
 * turn them into plain values. `plainOf` gives every declared field, an absent one as `null`; a
 * schema whose only field is `list` is a nested list (a list of hands) and reads as an array.
 * `expandLegal` turns the seat's compact legal choices into the actions they stand for.
 * A seat's game facts are the seat's own fields beyond the frame's (`SEAT_FIELDS`): its public
 * facts by their names (`seatFactsOf`), its private facts as view-tagged `my…` fields
 * (`privateFactsOf`), next to the view-tagged `hand` and `legal` (`PRIVATE_FIELDS`).
 */

/** A value as JSON would carry it. */
export type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };

const METADATA: symbol = (Symbol as unknown as { metadata?: symbol }).metadata ?? Symbol.for("Symbol.metadata");

interface FieldMeta {
  readonly name: string;
}

/** The declared field names of a decoded schema instance, in order; null for anything else. */
export function fieldsOf(value: object): string[] | null {
  const meta = (value.constructor as unknown as Record<symbol, Record<string, FieldMeta> | undefined>)[METADATA];
  if (!meta) return null;
  const names: string[] = [];
  for (let i = 0; meta[i] !== undefined; i++) names.push(meta[i]!.name);
  return names;
}

function isList(value: object): value is { toArray(): unknown[] } {
  return typeof (value as { toArray?: unknown }).toArray === "function";
}

function isMap(value: object): value is { forEach(fn: (v: unknown, k: string) => void): void } {
  return (
    value instanceof Map ||
    (typeof (value as { forEach?: unknown }).forEach === "function" && typeof (value as { get?: unknown }).get === "function")
  );
}

/** The plain copy of a decoded state value (schema instance, list, map or primitive). */
export function plainOf(value: unknown): Plain {
  if (value === null || value === undefined) return null;
  if (typeof value !== "object") return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : null;
  if (Array.isArray(value)) return value.map(plainOf);
  if (isList(value)) return value.toArray().map(plainOf);
  const fields = fieldsOf(value);
  if (fields === null) {
    if (Object.getPrototypeOf(value) === Object.prototype) {
      const out: Record<string, Plain> = {};
      for (const [k, v] of Object.entries(value)) out[k] = plainOf(v);
      return out;
    }
    if (!isMap(value)) return null;
    const out: Record<string, Plain> = {};
    value.forEach((v, k) => {
      out[k] = plainOf(v);
    });
    return out;
  }
  const obj = value as Record<string, unknown>;
  if (fields.length === 1 && fields[0] === "list") return obj["list"] === undefined || obj["list"] === null ? null : plainOf(obj["list"]);
  const out: Record<string, Plain> = {};
  for (const name of fields) out[name] = plainOf(obj[name]);
  return out;
}

/** The frame's own public fields of a seat; the seat's other fields are the game's facts and its private part. */
export const SEAT_FIELDS: readonly string[] = [
  "index",
  "name",
  "occupied",
  "isBot",
  "botReason",
  "connected",
  "awayUntil",
  "ping",
  "handCount",
  "score",
];

/** The frame's own view-tagged fields of a seat (only that seat's client receives them). */
export const PRIVATE_FIELDS: readonly string[] = ["hand", "legal"];

/**
 * A game's private fact `x` of a seat is the seat's view-tagged field `myX` (a public fact of the
 * same name may exist: Dark Hand's `called`, Hit the Deck's `mustCall`, Scatterbrain's `straight`,
 * Dark Hearts' `passed`). Game fact names start with a lower-case letter.
 */
export const PRIVATE_PREFIX = "my";

/** The seat field holding a game's private fact (`called` → `myCalled`). */
export function privateField(fact: string): string {
  return PRIVATE_PREFIX + fact.charAt(0).toUpperCase() + fact.slice(1);
}

/** The private fact a seat field holds, or null for any other field (`myCalled` → `called`). */
export function privateFact(field: string): string | null {
  const c = field.charAt(PRIVATE_PREFIX.length);
  if (!field.startsWith(PRIVATE_PREFIX) || c === "" || c === c.toLowerCase()) return null;
  return c.toLowerCase() + field.slice(PRIVATE_PREFIX.length + 1);
}

function namesOf(value: unknown): string[] {
  if (value === null || typeof value !== "object") return [];
  return fieldsOf(value) ?? Object.keys(value);
}

/**
 * The game's public facts of a decoded seat, as a plain object: every declared field that is
 * neither the frame's (`SEAT_FIELDS`, `PRIVATE_FIELDS`) nor a private fact, an absent one as
 * `null`. A plain object (a copy already read) gives its keys.
 */
export function seatFactsOf(seat: unknown): Record<string, Plain> {
  const out: Record<string, Plain> = {};
  const obj = seat as Record<string, unknown>;
  for (const name of namesOf(seat)) {
    if (!SEAT_FIELDS.includes(name) && !PRIVATE_FIELDS.includes(name) && privateFact(name) === null) out[name] = plainOf(obj[name]);
  }
  return out;
}

/** The game's private facts of a decoded seat (its `my…` fields, renamed), an absent one as `null`. */
export function privateFactsOf(seat: unknown): Record<string, Plain> {
  const out: Record<string, Plain> = {};
  const obj = seat as Record<string, unknown>;
  for (const name of namesOf(seat)) {
    const fact = privateFact(name);
    if (fact !== null) out[fact] = plainOf(obj[name]);
  }
  return out;
}

/** True when the decoded seat is this client's own: its view-tagged hand reached it. */
export function isOwnSeat(seat: unknown): boolean {
  const hand = seat === null || typeof seat !== "object" ? undefined : (seat as { hand?: unknown }).hand;
  return hand !== undefined && hand !== null;
}

/** A plain object field of a decoded value, or `fallback` when absent. */
export function plainObject(value: unknown, fallback: Record<string, Plain>): Record<string, Plain>;
export function plainObject(value: unknown, fallback: null): Record<string, Plain> | null;
export function plainObject(value: unknown, fallback: Record<string, Plain> | null): Record<string, Plain> | null {
  const v = plainOf(value);
  return v !== null && typeof v === "object" && !Array.isArray(v) ? v : fallback;
}

/**
 * One legal choice: `type` plus at most these lists (in the state each list is one string, its
 * items separated by spaces). `card` alone: one
 * action per card; `shade` alone: one per shade; both: every card with every shade; `choose` > 0:
 * pick `choose` of `from` (one action `{type, cards}`); nothing: the bare action `{type}`.
 */
export interface LegalChoice {
  readonly type: string;
  readonly card: readonly string[];
  readonly shade: readonly string[];
  readonly choose: number;
  readonly from: readonly string[];
}

/** An action the seat may send now; `cards` is `{choose, from}` for a large "any k of these" choice. */
export interface LegalAction {
  readonly type: string;
  readonly card?: string;
  readonly shade?: string;
  readonly cards?: readonly string[] | { readonly choose: number; readonly from: readonly string[] };
}

/** Choices with more combinations than this stay one summary action. */
export const LARGE_CHOICE = 20;

export function combinations(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

function subsets(from: readonly string[], k: number): string[][] {
  const out: string[][] = [];
  const pick = (start: number, acc: string[]): void => {
    if (acc.length === k) return void out.push(acc);
    for (let i = start; i < from.length; i++) pick(i + 1, [...acc, from[i]!]);
  };
  pick(0, []);
  return out;
}

/** The actions a list of choices stands for (a large "any k of" stays one summary action). */
export function expandLegal(choices: readonly LegalChoice[]): LegalAction[] {
  return choices.flatMap((c): LegalAction[] => {
    const type = c.type;
    if (c.choose > 0) {
      if (combinations(c.from.length, c.choose) > LARGE_CHOICE) return [{ type, cards: { choose: c.choose, from: c.from.slice() } }];
      return subsets(c.from, c.choose).map((cards) => ({ type, cards }));
    }
    if (c.card.length > 0 && c.shade.length > 0) return c.card.flatMap((card) => c.shade.map((shade) => ({ type, card, shade })));
    if (c.card.length > 0) return c.card.map((card) => ({ type, card }));
    if (c.shade.length > 0) return c.shade.map((shade) => ({ type, shade }));
    return [{ type }];
  });
}

/** Reads decoded choices (or plain ones) into `LegalChoice`s, skipping malformed entries. */
export function readChoices(raw: unknown): LegalChoice[] {
  const list = plainOf(raw);
  if (!Array.isArray(list)) return [];
  const strings = (v: Plain | undefined): string[] =>
    typeof v === "string"
      ? v.split(" ").filter((x) => x !== "")
      : Array.isArray(v)
        ? v.filter((x): x is string => typeof x === "string")
        : [];
  return list.flatMap((c): LegalChoice[] => {
    if (c === null || typeof c !== "object" || Array.isArray(c) || typeof c["type"] !== "string") return [];
    return [
      {
        type: c["type"],
        card: strings(c["card"]),
        shade: strings(c["shade"]),
        choose: typeof c["choose"] === "number" ? c["choose"] : 0,
        from: strings(c["from"]),
      },
    ];
  });
}
