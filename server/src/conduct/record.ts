/**
 * The conduct record (docs/API.md, "Conduct"): every game's outcome per account, and the
 * ranked-queue bans it earns (policy.ts), in the database, so every process sees the same record.
 */
import type { Db } from "../db/database.ts";
import {
  DEFAULT_CONDUCT,
  banReason,
  completionRate,
  nextBan,
  poorConduct,
  type Ban,
  type ConductSettings,
  type Outcome,
} from "./policy.ts";

/** One seat of a finished casual table, as the player's game history shows it. */
export interface TableSeat {
  readonly seat: number;
  readonly name: string;
  /** 1 = first; null when the game gave no standings. */
  readonly place: number | null;
  readonly bot: boolean;
  /** The seat of the account this copy of the table is recorded for. */
  readonly own?: boolean;
}

export interface OutcomeEntry {
  readonly playerId: string;
  readonly game: string;
  /** The table (room id) or ranked match the outcome belongs to; one outcome per player and table. */
  readonly tableId: string;
  readonly ranked: boolean;
  readonly outcome: Outcome;
  readonly at: number;
  /** A casual game's place and table, kept for the player's game history (casual-games.ts). */
  readonly place?: number | null;
  readonly seats?: readonly TableSeat[];
}

export interface Standing {
  /** A ranked-queue ban in force, or null. */
  readonly ban: Ban | null;
  /** Completed share of recorded games (ranked and casual), null before any. */
  readonly completionRate: number | null;
  readonly games: number;
  /** Finished casual games (they open ranked play: RANKED_MIN_GAMES). */
  readonly casualCompleted: number;
  readonly poor: boolean;
}

export class ConductRecord {
  constructor(
    private readonly db: Db,
    private readonly settings: ConductSettings = DEFAULT_CONDUCT,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Records outcomes (a second record of the same player and table changes nothing: a resumed
   * table may finish twice) and gives each player with a new bad ranked outcome the ban it earns.
   * Returns the bans given.
   */
  async record(entries: readonly OutcomeEntry[]): Promise<Map<string, Ban>> {
    const bans = new Map<string, Ban>();
    if (entries.length === 0) return bans;
    const inserted = await this.db
      .insertInto("conduct_records")
      .values(
        entries.map((e) => ({
          player_id: e.playerId,
          game: e.game,
          table_id: e.tableId,
          ranked: e.ranked,
          outcome: e.outcome,
          at: e.at,
          place: e.place ?? null,
          seats: e.seats ? JSON.stringify(e.seats) : null,
        })),
      )
      .onConflict((oc) => oc.columns(["player_id", "table_id"]).doNothing())
      .returning(["player_id", "ranked", "outcome"])
      .execute();
    for (const row of inserted) {
      if (!row.ranked) continue;
      const ban = await this.considerBan(row.player_id);
      if (ban) bans.set(row.player_id, ban);
    }
    return bans;
  }

  /** Ranked outcomes since the last ban, newest first: a ban is due when they earn one. */
  private async considerBan(playerId: string): Promise<Ban | null> {
    const earlier = await this.bans(playerId);
    const since = earlier[0]?.at ?? 0;
    const rows = await this.db
      .selectFrom("conduct_records")
      .select("outcome")
      .where("player_id", "=", playerId)
      .where("ranked", "=", true)
      .where("at", ">", since)
      .orderBy("at", "desc")
      .orderBy("table_id")
      .limit(this.settings.window)
      .execute();
    const reason = banReason(
      rows.map((r) => r.outcome as Outcome),
      this.settings,
    );
    if (reason === null) return null;
    const ban = nextBan(reason, earlier, this.now(), this.settings);
    await this.db
      .insertInto("queue_bans")
      .values({ player_id: playerId, until: ban.until, level: ban.level, reason: ban.reason, at: ban.at })
      .execute();
    return ban;
  }

  /** The player's bans, newest first. */
  async bans(playerId: string): Promise<Ban[]> {
    const rows = await this.db
      .selectFrom("queue_bans")
      .selectAll()
      .where("player_id", "=", playerId)
      .orderBy("at", "desc")
      .limit(50)
      .execute();
    return rows.map((r) => ({ until: r.until, level: r.level, reason: r.reason, at: r.at }));
  }

  async standing(playerId: string): Promise<Standing> {
    const now = this.now();
    const [bans, recent, casual] = await Promise.all([
      this.bans(playerId),
      this.db.selectFrom("conduct_records").select("outcome").where("player_id", "=", playerId).orderBy("at", "desc").limit(100).execute(),
      this.db
        .selectFrom("conduct_records")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("player_id", "=", playerId)
        .where("ranked", "=", false)
        .where("outcome", "=", "completed")
        .executeTakeFirst(),
    ]);
    const outcomes = recent.map((r) => r.outcome as Outcome);
    const ban = bans.find((b) => b.until > now) ?? null;
    return {
      ban,
      completionRate: completionRate(outcomes),
      games: outcomes.length,
      casualCompleted: Number(casual?.n ?? 0),
      poor: poorConduct(outcomes, this.settings),
    };
  }
}
