/** The plain table snapshot `window.__scat.state()` returns while seated (plus the game's extras). */
import { legalOf } from "../games/common.ts";
import type { GameModule } from "../games/types.ts";
import type { TableSession } from "../net/table-session.ts";

export function tableState(session: TableSession, module: GameModule | null): Record<string, unknown> {
  const snap = session.snap;
  const mySeat = session.mySeat;
  const mine = mySeat === null ? null : (snap.seats[mySeat]?.mine ?? null);
  return {
    scene: "table",
    game: session.game,
    link: session.status,
    roomId: session.roomId,
    mySeat,
    status: snap.status,
    phase: snap.phase,
    version: snap.version,
    round: snap.round,
    turn: snap.turn,
    myTurn: mySeat !== null && snap.turn === mySeat,
    awaiting: snap.awaiting,
    deadline: snap.deadline,
    remainingMs: session.clock.remaining(snap.deadline),
    clockOffset: session.clock.offset,
    ping: session.clock.ping,
    legal: legalOf(snap, mySeat),
    hand: mine?.hand ?? [],
    myInfo: mine?.info ?? {},
    seats: snap.seats.map((s) => ({
      index: s.index,
      name: s.name,
      occupied: s.occupied,
      isBot: s.isBot,
      botReason: s.botReason,
      connected: s.connected,
      handCount: s.handCount,
      score: s.score,
      info: s.info,
    })),
    piles: snap.piles,
    info: snap.info,
    options: snap.options,
    isPrivate: snap.isPrivate,
    result: snap.result,
    outcome: snap.outcome,
    ...(module?.testState?.(snap, mySeat) ?? {}),
  };
}
