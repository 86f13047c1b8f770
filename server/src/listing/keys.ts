/**
 * Where the indexed listing driver keeps what (indexed-driver.ts), and which index entries and
 * counters one listing contributes.
 *
 * Every listing stays whole in Colyseus's own hash (`roomcaches`: roomId -> JSON), so a read by
 * id, `has` and the code that already reads that hash work as before. Beside it, sorted sets
 * (score: when the room was created, so the oldest open table is offered first) hold roomIds:
 *
 * - `open:<name>:<key>`: tables of one room name and one quick-play key that a quick play may be
 *   offered (not locked, not private). The key is the value of the handler's filter field
 *   (`mode`, which already says game options, seats and pool);
 * - `open:<name>`: every table of that name a `joinOrCreate` without a key may be offered;
 * - `name:<name>`: every listing of that name; `public`: every listing the lobby shows (not
 *   private, not unlisted); `proc:<processId>`: every listing of one process (its cleanup).
 *
 * Counters (one hash) are moved by each write by the difference between the old contribution and
 * the new one, so counts never scan. All keys carry the hash tag `{roomcaches}`: their slot is the
 * listing hash's own, so each write is one script on one node even on a Redis Cluster.
 */

export const LISTINGS = "roomcaches";
const TAG = "{roomcaches}";
/** roomId -> this listing's index entries and counter steps (what to undo at its next write). */
export const WHERE = `${TAG}:where`;
/** Counter name -> value. */
export const COUNTS = `${TAG}:counts`;
/** processIds that have listings (each checked against its lease). */
export const PROCS = `${TAG}:procs`;
export const PROC_PREFIX = `${TAG}:proc:`;
export const PUBLIC = `${TAG}:public`;
export const nameKey = (name: string) => `${TAG}:name:${name}`;
export const openKey = (name: string, key?: string) => (key === undefined ? `${TAG}:open:${name}` : `${TAG}:open:${name}:${key}`);
export const procKey = (processId: string) => `${PROC_PREFIX}${processId}`;

/** What the driver reads of a listing (Colyseus's IRoomCache, loosely). */
export interface Listing {
  roomId?: string;
  name?: string;
  processId?: string;
  clients?: number;
  locked?: boolean;
  private?: boolean;
  unlisted?: boolean;
  createdAt?: Date | string | number;
  metadata?: Record<string, unknown> | null;
  [field: string]: unknown;
}

/** The quick-play key of a listing: its key fields' values (top level or metadata), or undefined without them. */
export function keyOf(listing: Listing, fields: readonly string[]): string | undefined {
  if (fields.length === 0) return undefined;
  const parts: string[] = [];
  for (const field of fields) {
    const value = Object.hasOwn(listing, field) ? listing[field] : listing.metadata?.[field];
    if (value === undefined || value === null) return undefined;
    // Control characters (the entries' separators) and '%' are written as %XX.
    // eslint-disable-next-line no-control-regex -- the control characters are what this escapes
    parts.push(String(value).replace(/[\u0000-\u001f%]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`));
  }
  return parts.join("%1f");
}

export function scoreOf(listing: Listing): number {
  const t = listing.createdAt === undefined ? NaN : new Date(listing.createdAt).getTime();
  return Number.isFinite(t) ? t : 0;
}

/**
 * One listing's entries, one per line: `Z<sorted set>`, `P<processId>` (its process's set), and
 * `C<counter>\t<step>`. The write script removes the old lines' entries and adds the new ones.
 */
export function entriesOf(listing: Listing, keyFields: readonly string[]): string {
  const name = String(listing.name ?? "");
  const clients = Number(listing.clients ?? 0) || 0;
  const lines = [`Z${nameKey(name)}`, `Crooms\t1`, `Crooms:${name}\t1`];
  if (clients !== 0) lines.push(`Cclients\t${clients}`, `Cclients:${name}\t${clients}`);
  if (listing.processId) lines.push(`P${listing.processId}`);
  if (!listing.locked && !listing.private) {
    lines.push(`Z${openKey(name)}`, `Copen:${name}\t1`);
    const key = keyOf(listing, keyFields);
    if (key !== undefined) lines.push(`Z${openKey(name, key)}`, `Copen:${name}:${key}\t1`);
  }
  if (!listing.private && !listing.unlisted) lines.push(`Z${PUBLIC}`, `Cpublic\t1`);
  return lines.join("\n");
}
