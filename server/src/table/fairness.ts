/**
 * Fair play on the server (docs/FAIRNESS.md). The table state shows only the seed's commitment
 * (projection.ts); once the game is over every connection in the room (players and spectators,
 * and whoever joins or reconnects later) receives the game log with the seed and salt revealed.
 * Nothing here runs before the end, so the secrets cannot leave the server earlier.
 */
import type { Client } from "@colyseus/core";
import { SERVER_MESSAGES, type GameId } from "@scat/shared";
import { GAME_LOG_FORMAT, GAME_LOG_FORMAT_V1, type GameLog } from "@scat/shared/fairness/game-log.ts";
import { logger } from "../logger.ts";
import type { Match } from "./match.ts";

/** What publishing needs from the room (so this file does not import `TableRoom`). */
export interface LogHost {
  readonly roomId: string;
  readonly clients: Iterable<Client>;
  readonly clock: { setInterval(callback: () => void, ms: number): unknown };
}

/**
 * How often a finished table looks for connections that have not had the log yet. A sweep
 * rather than a call in `onJoin`/`onReconnect` keeps the join path free of fairness code; a
 * late spectator or a reconnecting player waits at most this long.
 */
export const LOG_SWEEP_MS = 200;

const published = new WeakSet<Match>();

/** The log of a finished match, as JSON would carry it (undefined fields dropped). */
export function gameLogOf(roomId: string, match: Match): GameLog {
  const outcome = match.game.outcome(match.state);
  if (outcome === null) throw new Error("a game log is only made once the game is over");
  const log: GameLog = {
    // A match resumed from a journal written before players' entropy keeps format 1.
    format: match.entropy === null ? GAME_LOG_FORMAT_V1 : GAME_LOG_FORMAT,
    matchId: `${roomId}-${match.startedAt}`,
    game: match.game.id as GameId,
    options: match.options,
    startedAt: match.startedAt,
    seed: match.serverSeed,
    salt: match.salt,
    commitment: match.commitment,
    ...(match.entropy === null ? {} : { entropy: match.entropy }),
    steps: match.log,
    outcome,
  };
  return JSON.parse(JSON.stringify(log)) as GameLog;
}

/** Once the match is over: sends the log to every connection now and to every later one. */
export function publishGameLog(host: LogHost, match: Match): void {
  if (!match.over || published.has(match)) return;
  published.add(match);
  const log = gameLogOf(host.roomId, match);
  // A reconnect is a new Client object, so it gets the log again; repeats are harmless.
  const sent = new WeakSet<Client>();
  const sweep = (): void => {
    for (const client of host.clients) {
      if (sent.has(client)) continue;
      sent.add(client);
      try {
        client.send(SERVER_MESSAGES.gameLog, log);
      } catch (err) {
        logger.warn({ room: host.roomId, err }, "game log not sent");
      }
    }
  };
  sweep();
  host.clock.setInterval(sweep, LOG_SWEEP_MS);
}
