/**
 * Every room's first frame to a joining client carries the reflection of its state's classes.
 * Colyseus encodes it once per room (`SchemaSerializer.handshake`), which at a join storm is
 * the largest single cost of opening a table: every new table builds and encodes the same
 * reflection again. Its bytes depend only on the state's class and its type context (the
 * classes reachable from it, shared per root class by `TypeContext.cache`), so one encoding is
 * shared by every room with the same class and the same set of types.
 */
import { Reflection } from "@colyseus/schema";

type Encoder = Parameters<typeof Reflection.encode>[0];
type Encoded = ReturnType<typeof Reflection.encode>;

const shared = new WeakMap<object, Map<string, Encoded>>();
let installed = false;

/** A key for what the reflection is made of: the root class and every type id in the context. */
function contentKey(encoder: Encoder): { context: object; key: string } | null {
  const context = (encoder as unknown as { context?: { schemas?: Map<unknown, number> } }).context;
  const root = (encoder as unknown as { state?: object }).state?.constructor;
  if (!context?.schemas || !root) return null;
  const rootId = context.schemas.get(root);
  return { context, key: `${rootId}:${[...context.schemas.values()].join(",")}` };
}

export function shareReflections(): void {
  if (installed) return;
  installed = true;
  const encode = Reflection.encode.bind(Reflection);
  Reflection.encode = ((encoder: Encoder, it?: Parameters<typeof Reflection.encode>[1]) => {
    const k = it === undefined ? contentKey(encoder) : null;
    if (!k) return encode(encoder, it);
    let byKey = shared.get(k.context);
    if (!byKey) shared.set(k.context, (byKey = new Map()));
    let bytes = byKey.get(k.key);
    if (bytes === undefined) byKey.set(k.key, (bytes = encode(encoder)));
    return bytes;
  }) as typeof Reflection.encode;
}
