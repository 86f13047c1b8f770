/**
 * Friends between saved accounts (issue #27 item 3), in the database (migration.ts): a request
 * by username, accepted or declined by its addressee, cancelled by its sender; a friendship is
 * removed by either side. Refused: oneself, a guest or unknown username, a pair where either
 * blocked the other (social/blocks.ts), a full list on either side. A request to someone who
 * already asked you is their request accepted.
 *
 * A block made after the friendship hides it (`friendsOf` leaves the pair out, `areFriends` is
 * false) without deleting it: unblocking brings the friend back, as the block never happened.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";

/** Friends per account. */
export const FRIENDS_MAX = 200;
/** Requests an account may have waiting for an answer at once. */
export const PENDING_REQUESTS_MAX = 50;

export interface FriendRef { readonly id: string; readonly name: string; readonly username: string }

export type RequestError = "self" | "unknown-player" | "already-friends" | "already-requested" | "blocked" | "too-many-friends" | "their-list-full" | "too-many-requests";
export type RequestResult = { ok: true; outcome: "requested" | "accepted"; friend: FriendRef } | { ok: false; error: RequestError };
export type AcceptResult = { ok: true; friend: FriendRef } | { ok: false; error: "no-request" | "blocked" | "too-many-friends" | "their-list-full" };

type Q = Kysely<Database> | Transaction<Database>;

const blockedPair = async (q: Q, a: string, b: string): Promise<boolean> =>
  (await q.selectFrom("blocks").select("at").where((eb) => eb.or([
    eb.and([eb("blocker_id", "=", a), eb("blocked_id", "=", b)]),
    eb.and([eb("blocker_id", "=", b), eb("blocked_id", "=", a)]),
  ])).executeTakeFirst()) !== undefined;

const friendCount = async (q: Q, id: string): Promise<number> =>
  Number((await q.selectFrom("friends").select((eb) => eb.fn.countAll<number>().as("n")).where("player_id", "=", id).executeTakeFirstOrThrow()).n);

const savedAccount = async (q: Q, id: string): Promise<FriendRef | null> => {
  const r = await q.selectFrom("players").select(["id", "display_name", "username"]).where("id", "=", id).executeTakeFirst();
  return r && r.username !== null ? { id: r.id, name: r.display_name, username: r.username } : null;
};

async function befriend(tx: Transaction<Database>, a: string, b: string, now: number): Promise<"ok" | "too-many-friends" | "their-list-full"> {
  if (await friendCount(tx, a) >= FRIENDS_MAX) return "too-many-friends";
  if (await friendCount(tx, b) >= FRIENDS_MAX) return "their-list-full";
  await tx.deleteFrom("friend_requests").where((eb) => eb.or([
    eb.and([eb("from_id", "=", a), eb("to_id", "=", b)]),
    eb.and([eb("from_id", "=", b), eb("to_id", "=", a)]),
  ])).execute();
  await tx.insertInto("friends").values([{ player_id: a, friend_id: b, since: now }, { player_id: b, friend_id: a, since: now }])
    .onConflict((oc) => oc.columns(["player_id", "friend_id"]).doNothing()).execute();
  return "ok";
}

/** `from` asks the saved account named `username` (any case) to be friends. */
export async function requestFriend(db: Db, from: string, username: string, now = Date.now()): Promise<RequestResult> {
  return db.transaction().execute(async (tx): Promise<RequestResult> => {
    const target = await tx.selectFrom("players").select(["id", "display_name", "username"])
      .where("username_key", "=", username.trim().toLowerCase()).where("username", "is not", null).executeTakeFirst();
    if (!target || target.username === null) return { ok: false, error: "unknown-player" };
    const friend: FriendRef = { id: target.id, name: target.display_name, username: target.username };
    if (target.id === from) return { ok: false, error: "self" };
    if (await blockedPair(tx, from, target.id)) return { ok: false, error: "blocked" };
    if (await tx.selectFrom("friends").select("since").where("player_id", "=", from).where("friend_id", "=", target.id).executeTakeFirst()) return { ok: false, error: "already-friends" };
    // They asked first: this is a yes.
    if (await tx.selectFrom("friend_requests").select("at").where("from_id", "=", target.id).where("to_id", "=", from).executeTakeFirst()) {
      const made = await befriend(tx, from, target.id, now);
      return made === "ok" ? { ok: true, outcome: "accepted", friend } : { ok: false, error: made };
    }
    if (await tx.selectFrom("friend_requests").select("at").where("from_id", "=", from).where("to_id", "=", target.id).executeTakeFirst()) return { ok: false, error: "already-requested" };
    if (await friendCount(tx, from) >= FRIENDS_MAX) return { ok: false, error: "too-many-friends" };
    if (await friendCount(tx, target.id) >= FRIENDS_MAX) return { ok: false, error: "their-list-full" };
    const pending = Number((await tx.selectFrom("friend_requests").select((eb) => eb.fn.countAll<number>().as("n")).where("from_id", "=", from).executeTakeFirstOrThrow()).n);
    if (pending >= PENDING_REQUESTS_MAX) return { ok: false, error: "too-many-requests" };
    await tx.insertInto("friend_requests").values({ from_id: from, to_id: target.id, at: now }).execute();
    return { ok: true, outcome: "requested", friend };
  });
}

/** `me` accepts the request `from` sent. */
export async function acceptRequest(db: Db, me: string, from: string, now = Date.now()): Promise<AcceptResult> {
  return db.transaction().execute(async (tx): Promise<AcceptResult> => {
    const request = await tx.selectFrom("friend_requests").select("at").where("from_id", "=", from).where("to_id", "=", me).executeTakeFirst();
    const friend = request ? await savedAccount(tx, from) : null;
    if (!friend) return { ok: false, error: "no-request" };
    if (await blockedPair(tx, me, from)) return { ok: false, error: "blocked" };
    const made = await befriend(tx, me, from, now);
    return made === "ok" ? { ok: true, friend } : { ok: false, error: made };
  });
}

/** `me` declines the request `from` sent; false when there was none. */
export async function declineRequest(db: Db, me: string, from: string): Promise<boolean> {
  const r = await db.deleteFrom("friend_requests").where("from_id", "=", from).where("to_id", "=", me).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** `me` takes back the request it sent `to`; false when there was none. */
export async function cancelRequest(db: Db, me: string, to: string): Promise<boolean> {
  const r = await db.deleteFrom("friend_requests").where("from_id", "=", me).where("to_id", "=", to).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Either side ends the friendship (both rows); false when they were not friends. */
export async function removeFriend(db: Db, me: string, friend: string): Promise<boolean> {
  const r = await db.deleteFrom("friends").where((eb) => eb.or([
    eb.and([eb("player_id", "=", me), eb("friend_id", "=", friend)]),
    eb.and([eb("player_id", "=", friend), eb("friend_id", "=", me)]),
  ])).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Not hidden by a block either way. */
const notBlocked = sql<boolean>`not exists (select 1 from blocks b where (b.blocker_id = f.player_id and b.blocked_id = f.friend_id) or (b.blocker_id = f.friend_id and b.blocked_id = f.player_id))`;

/** An account's friends, by name. */
export async function friendsOf(db: Db, me: string): Promise<(FriendRef & { since: number })[]> {
  const rows = await db.selectFrom("friends as f").innerJoin("players as p", "p.id", "f.friend_id")
    .select(["p.id", "p.display_name", "p.username", "f.since"]).where("f.player_id", "=", me).where(notBlocked)
    .orderBy("p.display_name").execute();
  return rows.map((r) => ({ id: r.id, name: r.display_name, username: r.username ?? "", since: r.since }));
}

export async function areFriends(db: Db, a: string, b: string): Promise<boolean> {
  return (await db.selectFrom("friends as f").select("f.since").where("f.player_id", "=", a).where("f.friend_id", "=", b).where(notBlocked).executeTakeFirst()) !== undefined;
}

export interface PendingRequest extends FriendRef { readonly at: number }

/** Requests waiting for `me`'s answer and those `me` sent, newest first. */
export async function requestsOf(db: Db, me: string): Promise<{ incoming: PendingRequest[]; outgoing: PendingRequest[] }> {
  const read = (side: "from_id" | "to_id", other: "from_id" | "to_id") => db.selectFrom("friend_requests as r").innerJoin("players as p", "p.id", `r.${other}`)
    .select(["p.id", "p.display_name", "p.username", "r.at"]).where(`r.${side}`, "=", me).orderBy("r.at", "desc").limit(PENDING_REQUESTS_MAX).execute();
  const shape = (rows: Awaited<ReturnType<typeof read>>) => rows.map((r) => ({ id: r.id, name: r.display_name, username: r.username ?? "", at: r.at }));
  const [incoming, outgoing] = await Promise.all([read("to_id", "from_id"), read("from_id", "to_id")]);
  return { incoming: shape(incoming), outgoing: shape(outgoing) };
}
