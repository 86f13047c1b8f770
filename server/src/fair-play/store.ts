/**
 * Fair-play flags kept for operators (docs/FAIRNESS.md, "Against a lying client"): each
 * flag a table raises from a seat's reaction profile (conduct/fair-play.ts: reactions under the
 * human floor, reactions too regular, claims the claim quota kept cutting) is stored with the
 * account at the seat (null for a player without an account), the table, the game, the kind and
 * the evidence that raised it, and listed on the operator page beside players' reports
 * (moderation/routes.ts, `GET /api/operator/fair-play-flags`). A flag is a signal for a person to
 * look at, never a sanction: nothing here bans, blocks or changes a result.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { Db } from "../db/database.ts";
import type { Migrations } from "../db/migrations.ts";
import type { FairPlayFlag } from "../conduct/fair-play.ts";

export interface FlagRecord {
  readonly accountId: string | null;
  readonly tableId: string;
  readonly game: string;
  readonly seat: number;
  readonly kind: FairPlayFlag;
  /** What raised it (the reaction times, the spread, the claim time withheld...), as JSON. */
  readonly evidence: Record<string, unknown>;
  readonly at: number;
}

/** Migration "0010-fair-play" (listed in server/src/migrations.ts): one row per flag, table, seat and kind. */
export const fairPlayMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("fair_play_flags")
      .addColumn("table_id", "text", (c) => c.notNull())
      .addColumn("seat", "integer", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      // Null: nobody we know sat there (a player without an account).
      .addColumn("player_id", "text", (c) => c.references("players.id").onDelete("cascade"))
      .addColumn("game", "text", (c) => c.notNull())
      .addColumn("evidence", "jsonb", (c) => c.notNull())
      .addColumn("at", "bigint", (c) => c.notNull())
      // A table raises each flag once per seat; a table resumed after a crash may raise it again: one row.
      .addPrimaryKeyConstraint("fair_play_flags_pk", ["table_id", "seat", "kind"])
      .execute();
    await db.schema.createIndex("fair_play_flags_by_time").on("fair_play_flags").column("at").execute();
    await db.schema.createIndex("fair_play_flags_by_player").on("fair_play_flags").columns(["player_id", "at"]).execute();
  },
};

/** Fair play's migrations, listed with the others in server/src/migrations.ts. */
export const fairPlayMigrations: Migrations = { "0010-fair-play": fairPlayMigration };

/** Stores a flag; the same flag of the same seat and table again changes nothing. True when it was new. */
export async function recordFlag(db: Db, flag: FlagRecord): Promise<boolean> {
  const rows = await db
    .insertInto("fair_play_flags")
    .values({
      table_id: flag.tableId,
      seat: flag.seat,
      kind: flag.kind,
      player_id: flag.accountId,
      game: flag.game,
      evidence: JSON.stringify(flag.evidence),
      at: flag.at,
    })
    .onConflict((oc) => oc.columns(["table_id", "seat", "kind"]).doNothing())
    .returning("table_id")
    .execute();
  return rows.length > 0;
}

export interface FlagRow {
  readonly at: number;
  /** The account at the seat with its name, or null. */
  readonly account: { readonly id: string; readonly name: string } | null;
  readonly tableId: string;
  readonly game: string;
  readonly seat: number;
  readonly kind: string;
  readonly evidence: Record<string, unknown>;
  /** How many flags this account has in all (0 without an account). */
  readonly accountFlags: number;
}

const parse = (v: unknown): Record<string, unknown> => (typeof v === "string" ? JSON.parse(v) : v) as Record<string, unknown>;

/** The newest flags first; `accountId`: that account's only. */
export async function listFlags(db: Db, opts: { limit?: number; accountId?: string } = {}): Promise<FlagRow[]> {
  let q = db
    .selectFrom("fair_play_flags as f")
    .leftJoin("players as p", "p.id", "f.player_id")
    .select(["f.at", "f.player_id", "p.display_name", "f.table_id", "f.game", "f.seat", "f.kind", "f.evidence"])
    .select((eb) =>
      eb
        .selectFrom("fair_play_flags as g")
        .select((e) => e.fn.countAll<string | number>().as("n"))
        .whereRef("g.player_id", "=", "f.player_id")
        .as("account_flags"),
    )
    .orderBy("f.at", "desc")
    .orderBy("f.table_id")
    .orderBy("f.seat")
    .orderBy("f.kind")
    .limit(opts.limit ?? 100);
  if (opts.accountId !== undefined) q = q.where("f.player_id", "=", opts.accountId);
  const rows = await q.execute();
  return rows.map((r) => ({
    at: r.at,
    account: r.player_id === null ? null : { id: r.player_id, name: r.display_name ?? "?" },
    tableId: r.table_id,
    game: r.game,
    seat: r.seat,
    kind: r.kind,
    evidence: parse(r.evidence),
    accountFlags: r.player_id === null ? 0 : Number(r.account_flags ?? 0),
  }));
}
