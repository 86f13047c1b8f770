/** Multiset comparison for card inventories ("every card is in exactly one place"). */

/** Cards missing from `actual` and cards extra in it (duplicates count), compared to `expected`. */
export function multisetDiff(actual: readonly string[], expected: readonly string[]): { missing: string[]; extra: string[] } {
  if (sameSet(actual, expected)) return { missing: [], extra: [] };
  const counts = new Map<string, number>();
  for (const c of expected) counts.set(c, (counts.get(c) ?? 0) + 1);
  const extra: string[] = [];
  for (const c of actual) {
    const n = counts.get(c) ?? 0;
    if (n === 0) extra.push(c);
    else counts.set(c, n - 1);
  }
  const missing = [...counts].flatMap(([c, n]) => new Array<string>(n).fill(c));
  return { missing, extra };
}

/** Every quoted string in `json` that is a card id. */
export function cardIdsIn(json: string, universe: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  // A card id in JSON is a whole string `"AH"`, so it is a whole piece of a split on quotes;
  // looking at every piece is robust to escaped quotes elsewhere.
  for (const piece of json.split('"')) if (universe.has(piece)) found.add(piece);
  return found;
}

/** Every card id among the strings (values and keys) of a JSON-like value, found by walking it. */
export function cardIdsInValue(value: unknown, universe: ReadonlySet<string>, found: Set<string> = new Set()): Set<string> {
  if (typeof value === "string") {
    if (universe.has(value)) found.add(value);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) cardIdsInValue(value[i], universe, found);
  } else if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    for (const k in record) {
      if (universe.has(k)) found.add(k);
      const v = record[k];
      if (typeof v === "string" || (typeof v === "object" && v !== null)) cardIdsInValue(v, universe, found);
    }
  }
  return found;
}

const indexes = new WeakMap<readonly string[], Map<string, number>>();

/** Fast path: `expected` holds distinct cards and `actual` holds each of them exactly once. */
function sameSet(actual: readonly string[], expected: readonly string[]): boolean {
  if (actual.length !== expected.length) return false;
  let index = indexes.get(expected);
  if (index === undefined) indexes.set(expected, (index = new Map(expected.map((c, i) => [c, i]))));
  if (index.size !== expected.length) return false;
  const seen = new Uint8Array(expected.length);
  for (const c of actual) {
    const i = index.get(c);
    if (i === undefined || seen[i] === 1) return false;
    seen[i] = 1;
  }
  return true;
}
