/**
 * `GET /api/ranked/queues` (docs/API.md, "Ranked queue"): per game, how many wait in its ranked
 * queue (the queue room's clients, found through the cluster's matchmaker), the table sizes its
 * rules allow, and the estimated wait: the median wait of the players seated in the last hour.
 * The estimate is kept in memory by the process that runs the queue (its room metadata says it to
 * the others); after that process restarts there is none until tables form again.
 */
import { matchMaker } from "@colyseus/core";
import { GAME_IDS, type GameId } from "@scat/shared";
import { allowedSizes, estimateWait } from "./forming.ts";
import { queueRoomName } from "./formats.ts";
import { waitLogOf } from "./queue-room.ts";

export interface QueueCount {
  readonly game: GameId;
  readonly queued: number;
  readonly sizes: readonly number[];
  readonly estimateMs: number | null;
}

export async function queueCounts(now = Date.now()): Promise<QueueCount[]> {
  return Promise.all(
    GAME_IDS.map(async (game) => {
      const [room] = await matchMaker.query({ name: queueRoomName(game) });
      const shared = (room?.metadata as { estimateMs?: number | null } | undefined)?.estimateMs;
      return { game, queued: room?.clients ?? 0, sizes: allowedSizes(game), estimateMs: shared ?? estimateWait(waitLogOf(game), now) };
    }),
  );
}
