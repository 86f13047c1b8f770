/**
 * Writes a plain value (an engine view's part) into a typed schema instance, driven by the
 * schema's own field list, and writes only what changed: a field equal to its new value is not
 * touched, lists keep their common start and end and only the changed middle is replaced,
 * appended or removed, nested objects are updated in place. `null` (or a missing key) clears a
 * field. A key of the value the schema does not declare is reported (`Drift`): the engine's view
 * and the game's schema must be changed together (server/test/typed-state.test.ts checks every game).
 */
import { $changes, ArraySchema, MapSchema, type Schema } from "@colyseus/schema";

type Ctor = new () => Schema;
type FieldType = string | Ctor | { array: string | Ctor } | { map: string | Ctor };
interface Field {
  readonly name: string;
  readonly type: FieldType;
}

/** Reports a part of a view the schema cannot carry (path like `info.race.extra`). */
export type Drift = (path: string) => void;

const METADATA: symbol = (Symbol as unknown as { metadata?: symbol }).metadata ?? Symbol.for("Symbol.metadata");
const fieldCache = new WeakMap<object, readonly Field[]>();

export function fieldsOf(ctor: object): readonly Field[] {
  let fields = fieldCache.get(ctor);
  if (!fields) {
    const meta = (ctor as Record<symbol, Record<number, Field> | undefined>)[METADATA];
    const list: Field[] = [];
    for (let i = 0; meta && meta[i] !== undefined; i++) list.push({ name: meta[i]!.name, type: meta[i]!.type });
    fields = list;
    fieldCache.set(ctor, fields);
  }
  return fields;
}

/** A `{list}` wrapper class (`CardList`): a list inside a list. */
function isListWrapper(ctor: Ctor): boolean {
  const f = fieldsOf(ctor);
  return f.length === 1 && f[0]!.name === "list";
}

type Obj = Record<string, unknown>;

interface ViewLike {
  isVisible(tree: unknown): boolean;
  add(obj: object): unknown;
  markVisible(tree: unknown): void;
}
interface TreeLike {
  root?: { activeViews: Map<number, WeakRef<ViewLike>> };
}

/**
 * Gives a new child of a view-tagged part to every view that sees its parent:
 * - `"add"`, a list of primitives created in a seat's view-tagged field (or inside one) after its
 *   client was given the seat: it would not reach that client otherwise (schema 5 shares a view
 *   with nested schema objects, not with nested lists of primitives, nor across a tagged field);
 * - `"mark"`, a new schema item of a view-tagged list, which schema 5 gates on its own, item by item:
 *   marked visible only, as the list's own patch already carries the item's ADD and `view.add`
 *   would queue it (and the list's parent field) a second time in that view's patch, every turn.
 */
function giveToViews(child: object, parent: object, how: "add" | "mark"): void {
  const key: symbol = $changes;
  const tree = (child as Record<symbol, unknown>)[key] as TreeLike | undefined;
  const parentTree = (parent as Record<symbol, unknown>)[key];
  const views = tree?.root?.activeViews;
  if (!views) return;
  for (const ref of views.values()) {
    const view = ref.deref();
    if (!view?.isVisible(parentTree)) continue;
    if (how === "add") view.add(child);
    else view.markVisible(tree);
  }
}

/**
 * Syncs `target` (a schema instance) to `value`; reports undeclared keys.
 * `keepLists` (a seat's view-tagged fields): new lists of primitives, and new items of lists, are
 * shared with the views that see their parent. `only`: sync these fields of `target` only (a
 * game's facts held as fields of a frame class); the others are left alone.
 */
export function syncSchema(target: Schema, value: Obj, drift: Drift, path = "", keepLists = false, only?: readonly Field[]): void {
  const t = target as unknown as Obj;
  const fields = only ?? fieldsOf(target.constructor);
  let seen = 0;
  for (const f of fields) {
    const v = value[f.name];
    if (v !== undefined) seen++;
    const type = f.type;
    if (v === null || v === undefined) {
      if (t[f.name] !== undefined) t[f.name] = undefined;
      continue;
    }
    if (typeof type === "string") {
      if (t[f.name] !== v) t[f.name] = v;
    } else if (typeof type === "function") {
      const next = syncRef(t[f.name], type, v, drift, `${path}${f.name}.`, keepLists);
      if (t[f.name] !== next) t[f.name] = next;
    } else if ("array" in type) {
      let list = t[f.name] as ArraySchema | undefined;
      // An optional list (no default instance) is created only once it has items: absent reads as empty.
      if (!list && (v as unknown[]).length === 0) continue;
      if (!list) {
        t[f.name] = list = new ArraySchema();
        if (keepLists && typeof type.array === "string") giveToViews(list, target, "add");
      }
      syncList(list, type.array, v as unknown[], drift, `${path}${f.name}[].`, keepLists);
    } else {
      let map = t[f.name] as MapSchema | undefined;
      if (!map) t[f.name] = map = new MapSchema();
      syncMap(map, type.map, v as Obj, drift, `${path}${f.name}.`);
    }
  }
  if (seen !== Object.keys(value).length) {
    for (const key of Object.keys(value)) if (value[key] !== undefined && !fields.some((f) => f.name === key)) drift(path + key);
  }
}

/** The instance to hold a nested value: the current one when it has the right class. */
export function syncRef(current: unknown, type: Ctor, v: unknown, drift: Drift, path: string, keepLists = false): Schema {
  const child = current instanceof type && current.constructor === type ? current : new type();
  syncSchema(child, (Array.isArray(v) && isListWrapper(type) ? { list: v } : v) as Obj, drift, path, keepLists);
  return child;
}

export function syncList(
  list: ArraySchema,
  item: string | Ctor,
  values: readonly unknown[],
  drift: Drift,
  path: string,
  keepLists = false,
): void {
  if (typeof item === "function") {
    for (let i = 0; i < values.length; i++) {
      const current = list[i];
      const next = syncRef(current, item, values[i], drift, path, keepLists);
      if (next === current) continue;
      list[i] = next;
      // Items of a view-tagged list are each gated by the view (schema 5, #226): share new ones.
      if (keepLists) giveToViews(next, list, "mark");
    }
    if (list.length > values.length) list.splice(values.length, list.length - values.length);
    return;
  }
  const n = list.length;
  const m = values.length;
  let p = 0;
  while (p < n && p < m && list[p] === values[p]) p++;
  if (p === n && p === m) return;
  let s = 0;
  while (s < n - p && s < m - p && list[n - 1 - s] === values[m - 1 - s]) s++;
  const oldMid = n - p - s;
  const newMid = m - p - s;
  const same = Math.min(oldMid, newMid);
  for (let i = 0; i < same; i++) if (list[p + i] !== values[p + i]) list[p + i] = values[p + i];
  if (newMid > oldMid) {
    const extra = values.slice(p + same, p + newMid);
    if (p + same === list.length) list.push(...extra);
    else list.splice(p + same, 0, ...extra);
  } else if (oldMid > newMid) {
    list.splice(p + same, oldMid - newMid);
  }
}

export function syncMap(map: MapSchema, item: string | Ctor, value: Obj, drift: Drift, path: string): void {
  for (const [key, v] of Object.entries(value)) {
    if (v === null || v === undefined) {
      if (map.has(key)) map.delete(key);
    } else if (typeof item === "function") {
      const current = map.get(key);
      const next = syncRef(current, item, v, drift, `${path}${key}.`);
      if (next !== current) map.set(key, next);
    } else if (map.get(key) !== v) {
      map.set(key, v);
    }
  }
  for (const key of [...map.keys()]) if (!(key in value) || value[key] === null) map.delete(key);
}
