/**
 * A seeded simulation of ranked Devil's Scat (1 v 1) for the boosting defences: honest weekly
 * groups (6-10 players of some age who mostly play each other, results drawn from a hidden skill)
 * and the outside two-address booster (an aged account that plays 10 games against fresh dumper
 * accounts made on another address, who play each game out and lose). Every match is a real rated
 * match through recordRankedMatch on an embedded database, at simulated times; the board is read as
 * the leaderboard route reads it. Used by the test (ranked-boost.test.ts) and `npm run bench:boost`.
 */
import { GAME_LOG_FORMAT, type GameLog } from "@scat/shared/fairness/game-log.ts";
import { standingsOf } from "@scat/shared/standings.ts";
import type { Db } from "../../src/db/database.ts";
import { SeenAddresses } from "../../src/moderation/addresses.ts";
import { Traces } from "../../src/moderation/traces.ts";
import { boardRule, topPlayers, unlistedReason } from "../../src/ranked/queries.ts";
import { recordRankedMatch } from "../../src/ranked/record-match.ts";

const GAME = "devils_scat";
const DAY = 86_400_000;
const SECRET = "s".repeat(32);

/** mulberry32: a small seeded generator, so every run plays the same games. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Sim {
  private serial = 0;
  readonly addresses: SeenAddresses;
  readonly traces: Traces;
  now: number;

  constructor(
    readonly db: Db,
    start: number,
  ) {
    this.now = start;
    this.addresses = new SeenAddresses(db, SECRET, () => this.now);
    this.traces = new Traces(db, SECRET, () => this.now);
  }

  /** A saved account made `ageDays` before now, seen on `address` with `device`. */
  async account(name: string, ageDays: number, address: string, device: string): Promise<string> {
    const id = `sim-${++this.serial}-${name}`;
    await this.db
      .insertInto("players")
      .values({
        id,
        display_name: `${name} ${this.serial}`,
        username: id,
        username_key: id,
        display_key: null,
        username_skeleton: null,
        password_hash: "x",
        created_at: this.now - ageDays * DAY,
      } as never)
      .execute();
    await this.seen(id, address, device);
    return id;
  }

  /** Notes a queue join from `address` and `device` now (as the ranked queue does). */
  async seen(id: string, address: string, device: string): Promise<void> {
    await this.addresses.note(id, address);
    await this.traces.note(id, device, address);
  }

  /** One rated 1 v 1 match, `winner` first, that lasted `steps` logged steps, ending now. */
  async play(winner: string, loser: string, steps = 80): Promise<void> {
    this.now += 60_000;
    const at = this.now;
    const matchId = `sim-${++this.serial}-${at}`;
    const hex = "ab".repeat(16);
    const log: GameLog = {
      format: GAME_LOG_FORMAT,
      matchId,
      game: GAME,
      options: { seats: 2 },
      startedAt: at - 30_000,
      seed: hex,
      salt: hex,
      commitment: "c".repeat(64),
      steps: Array.from({ length: steps }, (_, i) => ({ seat: i % 2, action: { type: "play" }, now: at - 30_000 + i })),
      outcome: { winners: [0], ranking: [0, 1], scores: [2, 1] },
    } as GameLog;
    await recordRankedMatch(
      this.db,
      log,
      [
        { seat: 0, playerId: winner, name: "w" },
        { seat: 1, playerId: loser, name: "l" },
      ],
      standingsOf(log.outcome, new Set()),
      at,
    );
  }

  async rating(id: string): Promise<number> {
    const row = await this.db
      .selectFrom("ratings")
      .select("rating")
      .where("player_id", "=", id)
      .where("game", "=", GAME)
      .executeTakeFirst();
    return row?.rating ?? 1500;
  }

  /** The board as the route reads it now: the player's place (null: not listed) and why not. */
  async board(id: string): Promise<{ rank: number | null; unlisted: string | null; size: number }> {
    const rule = boardRule(30, undefined, this.now);
    const top = await topPlayers(this.db, GAME, 100, rule);
    const me = top.find((e) => e.playerId === id);
    return { rank: me?.rank ?? null, unlisted: me ? null : await unlistedReason(this.db, GAME, id, rule), size: top.length };
  }
}

export interface GroupsResult {
  readonly players: readonly string[];
  readonly matches: number;
  /** Honest accounts kept off the board by an automatic hold. */
  readonly held: readonly string[];
  readonly listed: number;
}

/**
 * `groups` honest weekly groups over `weeks` weeks: each group 6-10 accounts 20-400 days old, each
 * on its own address and device; each week every member plays `perWeek` games against members of
 * the group (one in ten against a member of another group), the winner drawn from hidden skills.
 */
export async function honestGroups(sim: Sim, seed: number, groups: number, weeks: number, perWeek = 6): Promise<GroupsResult> {
  const rand = rng(seed);
  const members: { id: string; skill: number; group: number }[][] = [];
  for (let g = 0; g < groups; g++) {
    const size = 6 + Math.floor(rand() * 5);
    const group = [];
    for (let i = 0; i < size; i++) {
      const id = await sim.account(
        `g${g}p${i}`,
        20 + Math.floor(rand() * 380),
        `2001:db8:${(g + 1).toString(16)}:${(i + 1).toString(16)}::7`,
        `device-g${g}-p${i}-honest`,
      );
      group.push({ id, skill: rand() * 3, group: g });
    }
    members.push(group);
  }
  let matches = 0;
  for (let w = 0; w < weeks; w++) {
    sim.now += 7 * DAY - 3 * 3600_000;
    for (const group of members) {
      for (let round = 0; round < perWeek; round++) {
        const order = [...group];
        for (let i = order.length - 1; i > 0; i--) {
          const j = Math.floor(rand() * (i + 1));
          [order[i], order[j]] = [order[j]!, order[i]!];
        }
        for (let i = 0; i + 1 < order.length; i += 2) {
          const a = order[i]!;
          let b = order[i + 1]!;
          if (rand() < 0.1 && members.length > 1) {
            const other = members[(a.group + 1 + Math.floor(rand() * (members.length - 1))) % members.length]!;
            b = other[Math.floor(rand() * other.length)]!;
          }
          const pA = 1 / (1 + Math.exp(b.skill - a.skill));
          const [win, lose] = rand() < pA ? [a, b] : [b, a];
          await sim.play(win.id, lose.id, 60 + Math.floor(rand() * 120));
          matches++;
        }
      }
    }
  }
  const players = members.flat().map((m) => m.id);
  const held: string[] = [];
  let listed = 0;
  for (const id of players) {
    const b = await sim.board(id);
    if (b.rank !== null) listed++;
    if (b.unlisted === "held") held.push(id);
  }
  return { players, matches, held, listed };
}

export interface BoosterResult {
  readonly id: string;
  readonly before: number;
  readonly after: number;
  readonly gain: number;
  readonly rank: number | null;
  readonly unlisted: string | null;
  readonly boardSize: number;
}

/**
 * The outside booster: an account made `ageDays` ago on one address plays `games` games, each
 * against a new dumper account made 30 s before on a second address (another /64), which plays the
 * game out and loses.
 */
export async function booster(sim: Sim, games = 10, ageDays = 60): Promise<BoosterResult> {
  const id = await sim.account("booster", ageDays, "2001:db8:b00::1", "device-booster-main");
  const before = await sim.rating(id);
  for (let i = 0; i < games; i++) {
    sim.now += 30_000;
    const dumper = await sim.account(`dumper${i}`, 30 / 86_400, "2001:db8:d00::2", `device-dumper-${i}-fresh`);
    await sim.play(id, dumper, 70);
  }
  const after = await sim.rating(id);
  const b = await sim.board(id);
  return { id, before, after, gain: after - before, rank: b.rank, unlisted: b.unlisted, boardSize: b.size };
}
