/**
 * One ranked game per account at a time, across processes (docs/API.md, "Who plays ranked"): a
 * presence key per account names the ranked table it holds a seat or a reservation at, from the
 * moment the queue makes the table until the game ends or the table closes. The queue refuses an
 * account that holds one (`already-playing`, naming the table to go back to).
 */
import { matchMaker, type Presence } from "@colyseus/core";
import type { Platform } from "./platform.ts";
import type { RankedRules } from "./rules.ts";

/** Longer than any ranked game; the table removes the key when it ends, this only covers a process that died. */
const PLAYING_TTL_S = 3 * 3600;

export const playingKey = (playerId: string) => `ranked:playing:${playerId}`;

export class RankedPlay {
  constructor(
    private readonly platform: Platform,
    private readonly presence: Presence,
  ) {}

  get rules(): RankedRules {
    return this.platform.rankedRules;
  }

  /** The ranked table the account is at, if that table still exists. */
  async current(playerId: string): Promise<string | null> {
    const roomId = (await this.presence.get(playingKey(playerId))) as string | null;
    if (!roomId) return null;
    const rooms = await matchMaker.query({ roomId });
    if (rooms.length > 0) return roomId;
    this.presence.del(playingKey(playerId));
    return null;
  }

  async begin(playerIds: readonly string[], roomId: string): Promise<void> {
    await Promise.all(playerIds.map((id) => this.presence.setex(playingKey(id), roomId, PLAYING_TTL_S)));
  }

  /** The game at `roomId` is over (or never started): its players may queue again. */
  async end(playerIds: readonly string[], roomId: string): Promise<void> {
    await Promise.all(
      playerIds.map(async (id) => {
        if ((await this.presence.get(playingKey(id))) === roomId) this.presence.del(playingKey(id));
      }),
    );
  }

  async noShows(game: string, playerIds: readonly string[], tableId: string, at: number): Promise<void> {
    if (playerIds.length === 0) return;
    await (
      await this.platform.conduct()
    ).record(playerIds.map((playerId) => ({ playerId, game, tableId, ranked: true, outcome: "no-show" as const, at })));
  }
}

export function rankedPlay(platform: Platform, presence?: Presence): RankedPlay {
  return new RankedPlay(platform, presence ?? (matchMaker.presence as Presence));
}
