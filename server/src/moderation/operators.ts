/**
 * Operators and the operator action log (docs/API.md, "Operators"). An operator is a saved
 * account (username and password) listed in `operators`; the role is granted and revoked only by
 * the `npm run operator` CLI, run by someone with access to the database. Every grant, revoke and
 * mark is a row of `operator_actions` (who, what, when, why), never updated or deleted by the code.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../db/database.ts";

/** Who did something: an operator's account, or the CLI (`cli:<os user>`). */
export interface Actor {
  readonly id: string | null;
  readonly name: string;
}

export interface ActionRow {
  readonly id: string;
  readonly at: number;
  readonly actorId: string | null;
  readonly actor: string;
  readonly action: string;
  readonly targetId: string;
  readonly reason: string;
  readonly details: unknown;
}

export async function recordAction(
  db: Db,
  actor: Actor,
  action: string,
  targetId: string,
  reason: string,
  details: unknown,
  at: number,
  id: string = randomUUID(),
): Promise<string> {
  await db
    .insertInto("operator_actions")
    .values({ id, at, actor_id: actor.id, actor: actor.name, action, target_id: targetId, reason, details: JSON.stringify(details) })
    .execute();
  return id;
}

export async function isOperator(db: Db, playerId: string): Promise<boolean> {
  const row = await db
    .selectFrom("operators as o")
    .innerJoin("players as p", "p.id", "o.player_id")
    .select("o.player_id")
    .where("o.player_id", "=", playerId)
    .where("p.username", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

export type GrantResult = "granted" | "revoked" | "already-operator" | "not-operator" | "unknown-username";

/** Grants or revokes the operator role of the saved account with this username (any case). */
export async function setOperator(
  db: Db,
  username: string,
  grant: boolean,
  actor: Actor,
  reason: string,
  now = Date.now(),
): Promise<{ result: GrantResult; playerId: string | null }> {
  return db.transaction().execute(async (tx) => {
    const player = await tx
      .selectFrom("players")
      .select(["id", "username"])
      .where("username_key", "=", username.toLowerCase())
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!player) return { result: "unknown-username", playerId: null };
    const has = (await tx.selectFrom("operators").select("player_id").where("player_id", "=", player.id).executeTakeFirst()) !== undefined;
    if (grant && has) return { result: "already-operator", playerId: player.id };
    if (!grant && !has) return { result: "not-operator", playerId: player.id };
    if (grant) await tx.insertInto("operators").values({ player_id: player.id, granted_at: now, granted_by: actor.name }).execute();
    else await tx.deleteFrom("operators").where("player_id", "=", player.id).execute();
    await recordAction(tx, actor, grant ? "grant-operator" : "revoke-operator", player.id, reason, { username: player.username }, now);
    return { result: grant ? "granted" : "revoked", playerId: player.id };
  });
}

export async function listOperators(
  db: Db,
): Promise<{ playerId: string; username: string | null; name: string; grantedAt: number; grantedBy: string }[]> {
  const rows = await db
    .selectFrom("operators as o")
    .innerJoin("players as p", "p.id", "o.player_id")
    .select(["o.player_id", "p.username", "p.display_name", "o.granted_at", "o.granted_by"])
    .orderBy("o.granted_at")
    .execute();
  return rows.map((r) => ({
    playerId: r.player_id,
    username: r.username,
    name: r.display_name,
    grantedAt: r.granted_at,
    grantedBy: r.granted_by,
  }));
}

/** The newest actions first, optionally about one account. */
export async function recentActions(db: Db, limit: number, targetId?: string): Promise<ActionRow[]> {
  let q = db.selectFrom("operator_actions").selectAll().orderBy("at", "desc").orderBy("id").limit(limit);
  if (targetId !== undefined) q = q.where("target_id", "=", targetId);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    actorId: r.actor_id,
    actor: r.actor,
    action: r.action,
    targetId: r.target_id,
    reason: r.reason,
    details: r.details,
  }));
}
