/**
 * Friends between saved accounts, in the database (migration.ts): a request
 * by username, accepted or declined by its addressee, cancelled by its sender; a friendship is
 * removed by either side. Refused: oneself, a player the sender blocked, a full list on the
 * sender's side. A request to someone who already asked you is their request accepted.
 *
 * A request says nothing about the account it names until it is accepted: to a username no saved
 * account has, to a player who blocked the sender, or past the recipient's INCOMING_REQUESTS_MAX
 * waiting, it is *held* (`friend_request_holds`, migration-holds.ts): listed among the sender's
 * outgoing requests, answered and cancelled exactly like a delivered one, never shown to anyone
 * else. Outgoing requests name only the username as typed (lower case), never an id or a display
 * name; both kinds run the same queries, so the time of the answer says nothing either.
 *
 * A block made after the friendship hides it (`friendsOf` leaves the pair out, `areFriends` is
 * false) without deleting it: unblocking brings the friend back, as the block never happened.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";

/** Friends per account. */
export const FRIENDS_MAX = 200;
/** Requests an account may have waiting for an answer at once (delivered and held). */
export const PENDING_REQUESTS_MAX = 50;
/** Requests waiting for one account's answer; further ones are held (never shown to it). */
export const INCOMING_REQUESTS_MAX = 100;

export interface FriendRef {
  readonly id: string;
  readonly name: string;
  readonly username: string;
}

export type RequestError =
  "self" | "already-friends" | "already-requested" | "blocked" | "too-many-friends" | "their-list-full" | "too-many-requests";
/** `requested`: the same answer whether the account exists or not; `accepted` only when they had asked first (the sender already sees them). */
export type RequestResult =
  | { ok: true; outcome: "requested"; username: string }
  | { ok: true; outcome: "accepted"; friend: FriendRef }
  | { ok: false; error: RequestError };
export type AcceptResult =
  { ok: true; friend: FriendRef } | { ok: false; error: "no-request" | "blocked" | "too-many-friends" | "their-list-full" };

type Q = Kysely<Database> | Transaction<Database>;

/** The id the checks run with when no account has the username: none has it, so every check finds nothing, in the same queries. */
const NOBODY = "-no-account-";

const blockedBy = async (q: Q, blocker: string, blocked: string): Promise<boolean> =>
  (await q.selectFrom("blocks").select("at").where("blocker_id", "=", blocker).where("blocked_id", "=", blocked).executeTakeFirst()) !==
  undefined;

const friendCount = async (q: Q, id: string): Promise<number> =>
  Number(
    (
      await q
        .selectFrom("friends")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("player_id", "=", id)
        .executeTakeFirstOrThrow()
    ).n,
  );

const savedAccount = async (q: Q, id: string): Promise<FriendRef | null> => {
  const r = await q.selectFrom("players").select(["id", "display_name", "username"]).where("id", "=", id).executeTakeFirst();
  return r && r.username !== null ? { id: r.id, name: r.display_name, username: r.username } : null;
};

async function befriend(
  tx: Transaction<Database>,
  a: string,
  b: string,
  now: number,
): Promise<"ok" | "too-many-friends" | "their-list-full"> {
  if ((await friendCount(tx, a)) >= FRIENDS_MAX) return "too-many-friends";
  if ((await friendCount(tx, b)) >= FRIENDS_MAX) return "their-list-full";
  await tx
    .deleteFrom("friend_requests")
    .where((eb) => eb.or([eb.and([eb("from_id", "=", a), eb("to_id", "=", b)]), eb.and([eb("from_id", "=", b), eb("to_id", "=", a)])]))
    .execute();
  await tx
    .insertInto("friends")
    .values([
      { player_id: a, friend_id: b, since: now },
      { player_id: b, friend_id: a, since: now },
    ])
    .onConflict((oc) => oc.columns(["player_id", "friend_id"]).doNothing())
    .execute();
  return "ok";
}

/** A username as requests know it: trimmed, lower case. */
export const requestKey = (username: string): string => username.trim().toLowerCase();

/**
 * `from` asks the saved account named `username` (any case) to be friends. Every check runs for a
 * username no account has too (against NOBODY), so both answers take the same queries.
 */
export async function requestFriend(db: Db, from: string, username: string, now = Date.now()): Promise<RequestResult> {
  const key = requestKey(username);
  return db.transaction().execute(async (tx): Promise<RequestResult> => {
    const found = await tx
      .selectFrom("players")
      .select(["id", "display_name", "username"])
      .where("username_key", "=", key)
      .where("username", "is not", null)
      .executeTakeFirst();
    const target = found?.username ? { id: found.id, name: found.display_name, username: found.username } : null;
    const to = target?.id ?? NOBODY;
    if (to === from) return { ok: false, error: "self" };
    // The sender's own block is the sender's to know; the target's block of the sender is not:
    // every check below still runs, and its answer is the one a stranger would get.
    const [iBlocked, theyBlocked] = [await blockedBy(tx, from, to), await blockedBy(tx, to, from)];
    if (iBlocked) return { ok: false, error: "blocked" };
    const friends = await tx
      .selectFrom("friends")
      .select("since")
      .where("player_id", "=", from)
      .where("friend_id", "=", to)
      .executeTakeFirst();
    const theyAsked = await tx
      .selectFrom("friend_requests")
      .select("at")
      .where("from_id", "=", to)
      .where("to_id", "=", from)
      .executeTakeFirst();
    if (friends && !theyBlocked) return { ok: false, error: "already-friends" };
    // They asked first: this is a yes (the sender sees their request, so nothing is revealed).
    if (theyAsked && !theyBlocked) {
      const made = await befriend(tx, from, to, now);
      return made === "ok" ? { ok: true, outcome: "accepted", friend: target! } : { ok: false, error: made };
    }
    const delivered = await tx
      .selectFrom("friend_requests")
      .select("at")
      .where("from_id", "=", from)
      .where("to_id", "=", to)
      .executeTakeFirst();
    const held = await tx
      .selectFrom("friend_request_holds")
      .select("at")
      .where("from_id", "=", from)
      .where("username_key", "=", key)
      .executeTakeFirst();
    if (delivered || held) return { ok: false, error: "already-requested" };
    if ((await friendCount(tx, from)) >= FRIENDS_MAX) return { ok: false, error: "too-many-friends" };
    const pending =
      Number(
        (
          await tx
            .selectFrom("friend_requests")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("from_id", "=", from)
            .executeTakeFirstOrThrow()
        ).n,
      ) +
      Number(
        (
          await tx
            .selectFrom("friend_request_holds")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("from_id", "=", from)
            .executeTakeFirstOrThrow()
        ).n,
      );
    if (pending >= PENDING_REQUESTS_MAX) return { ok: false, error: "too-many-requests" };
    const incoming = Number(
      (
        await tx
          .selectFrom("friend_requests")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("to_id", "=", to)
          .executeTakeFirstOrThrow()
      ).n,
    );
    // A full list on their side is found out when they accept: refusing here would say the account exists.
    if (target === null || theyBlocked || incoming >= INCOMING_REQUESTS_MAX) {
      await tx.insertInto("friend_request_holds").values({ from_id: from, username_key: key, at: now }).execute();
    } else {
      await tx.insertInto("friend_requests").values({ from_id: from, to_id: to, at: now }).execute();
    }
    return { ok: true, outcome: "requested", username: key };
  });
}

/** `me` accepts the request `from` sent. */
export async function acceptRequest(db: Db, me: string, from: string, now = Date.now()): Promise<AcceptResult> {
  return db.transaction().execute(async (tx): Promise<AcceptResult> => {
    const request = await tx
      .selectFrom("friend_requests")
      .select("at")
      .where("from_id", "=", from)
      .where("to_id", "=", me)
      .executeTakeFirst();
    const friend = request ? await savedAccount(tx, from) : null;
    // A sender who blocked `me` since is answered as a request taken back: `me` is not told of the block.
    if (!friend || (await blockedBy(tx, from, me))) return { ok: false, error: "no-request" };
    if (await blockedBy(tx, me, from)) return { ok: false, error: "blocked" };
    const made = await befriend(tx, me, from, now);
    return made === "ok" ? { ok: true, friend } : { ok: false, error: made };
  });
}

/** `me` declines the request `from` sent; false when there was none. */
export async function declineRequest(db: Db, me: string, from: string): Promise<boolean> {
  const r = await db.deleteFrom("friend_requests").where("from_id", "=", from).where("to_id", "=", me).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * `me` takes back the request it sent to `username` (as its outgoing list names it, any case),
 * delivered or held alike; false when there was none.
 */
export async function cancelRequest(db: Db, me: string, username: string): Promise<boolean> {
  const key = requestKey(username);
  return db.transaction().execute(async (tx) => {
    const to = (await tx.selectFrom("players").select("id").where("username_key", "=", key).executeTakeFirst())?.id ?? NOBODY;
    const a = await tx.deleteFrom("friend_requests").where("from_id", "=", me).where("to_id", "=", to).executeTakeFirst();
    const b = await tx.deleteFrom("friend_request_holds").where("from_id", "=", me).where("username_key", "=", key).executeTakeFirst();
    return Number(a.numDeletedRows) + Number(b.numDeletedRows) > 0;
  });
}

/** Either side ends the friendship (both rows); false when they were not friends. */
export async function removeFriend(db: Db, me: string, friend: string): Promise<boolean> {
  const r = await db
    .deleteFrom("friends")
    .where((eb) =>
      eb.or([
        eb.and([eb("player_id", "=", me), eb("friend_id", "=", friend)]),
        eb.and([eb("player_id", "=", friend), eb("friend_id", "=", me)]),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Not hidden by a block either way. */
const notBlocked = sql<boolean>`not exists (select 1 from blocks b where (b.blocker_id = f.player_id and b.blocked_id = f.friend_id) or (b.blocker_id = f.friend_id and b.blocked_id = f.player_id))`;

/** An account's friends, by name. */
export async function friendsOf(db: Db, me: string): Promise<(FriendRef & { since: number })[]> {
  const rows = await db
    .selectFrom("friends as f")
    .innerJoin("players as p", "p.id", "f.friend_id")
    .select(["p.id", "p.display_name", "p.username", "f.since"])
    .where("f.player_id", "=", me)
    .where(notBlocked)
    .orderBy("p.display_name")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.display_name, username: r.username ?? "", since: r.since }));
}

export async function areFriends(db: Db, a: string, b: string): Promise<boolean> {
  return (
    (await db
      .selectFrom("friends as f")
      .select("f.since")
      .where("f.player_id", "=", a)
      .where("f.friend_id", "=", b)
      .where(notBlocked)
      .executeTakeFirst()) !== undefined
  );
}

export interface PendingRequest extends FriendRef {
  readonly at: number;
}
/** A request `me` sent: only the username it was sent to (its `id` too, for cancelling), delivered or held alike. */
export interface OutgoingRequest {
  readonly id: string;
  readonly username: string;
  readonly at: number;
}

/** Requests waiting for `me`'s answer (who asked, newest first, at most INCOMING_REQUESTS_MAX) and those `me` sent. */
export async function requestsOf(db: Db, me: string): Promise<{ incoming: PendingRequest[]; outgoing: OutgoingRequest[] }> {
  const [incoming, delivered, held] = await Promise.all([
    db
      .selectFrom("friend_requests as r")
      .innerJoin("players as p", "p.id", "r.from_id")
      .select(["p.id", "p.display_name", "p.username", "r.at"])
      .where("r.to_id", "=", me)
      // A sender who blocked `me` since: its request is gone from `me`'s list, as if taken back.
      .where(sql<boolean>`not exists (select 1 from blocks b where b.blocker_id = r.from_id and b.blocked_id = r.to_id)`)
      .orderBy("r.at", "desc")
      .limit(INCOMING_REQUESTS_MAX)
      .execute(),
    db
      .selectFrom("friend_requests as r")
      .innerJoin("players as p", "p.id", "r.to_id")
      .select(["p.username_key", "r.at"])
      .where("r.from_id", "=", me)
      .execute(),
    db.selectFrom("friend_request_holds").select(["username_key", "at"]).where("from_id", "=", me).execute(),
  ]);
  const outgoing = [
    ...delivered.map((r) => ({ key: r.username_key ?? "", at: r.at })),
    ...held.map((r) => ({ key: r.username_key, at: r.at })),
  ]
    .sort((a, b) => b.at - a.at)
    .slice(0, PENDING_REQUESTS_MAX)
    .map((r) => ({ id: r.key, username: r.key, at: r.at }));
  return { incoming: incoming.map((r) => ({ id: r.id, name: r.display_name, username: r.username ?? "", at: r.at })), outgoing };
}
