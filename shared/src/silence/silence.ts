/**
 * A client leaves a silent server. A table's process that is frozen (SIGSTOP,
 * a long GC or VM pause) or cut off keeps its players' sockets open and says nothing: no patch,
 * no answer to a ping. A peer resumes the table once the process's lease expires, but a client
 * that only waits for its socket to close sits frozen until the process wakes (10.9 s median in
 * the issue's runs). So the client pings its table (Colyseus's protocol ping, answered by the
 * process itself, not the room logic) every `pingEveryMs`; when nothing (pong or patch) came for
 * `silentMs`, it gives the socket up and runs the reclaim path (shared/src/reclaim.ts): it sits
 * down wherever the table was resumed, or, if the table is still where it was, keeps waiting.
 *
 * One policy for the page (client/src/net/table-session.ts) and the SDK-based tools
 * (server/test/support/resume-play.ts). A process paused for less than `silentMs` costs nothing;
 * one the client left by mistake (alive, slow) takes the seat back like any dropped player.
 */
export const SILENCE = {
  pingEveryMs: 1_000,
  silentMs: 3_500,
  /** One reclaim try after a silence gives up after this (a matchmaking call that reached the frozen process hangs). */
  tryTimeoutMs: 4_000,
} as const;

export interface SilencePolicy {
  readonly pingEveryMs: number;
  readonly silentMs: number;
}

/** What the watch uses of an SDK room. */
export interface PingableRoom {
  ping(callback: (ms: number) => void): void;
  onStateChange(callback: () => void): unknown;
}

export interface SilenceWatch {
  /** Something was heard from the table (any message: the caller may report its own). */
  heard(): void;
  stop(): void;
}

/**
 * Pings `room` and calls `onSilent` once if nothing is heard for `policy.silentMs` after a ping
 * went out (then stops). `now` is the caller's clock (ms; the page and the tools pass `Date.now`):
 * shared code reads no clock of its own. Silence counts from the first unanswered ping, not from the last thing
 * heard: a page whose timers were held back (a background tab, a busy machine) sent no ping
 * meanwhile, and must not take its own quiet for the server's.
 */
export function watchSilence(
  room: PingableRoom,
  onSilent: (quietMs: number) => void,
  now: () => number,
  policy: SilencePolicy = SILENCE,
): SilenceWatch {
  /** When the first ping nothing has answered since went out; null while the table is heard. */
  let waitingSince: number | null = null;
  let stopped = false;
  const heard = () => {
    waitingSince = null;
  };
  room.onStateChange(() => {
    if (!stopped) heard();
  });
  /** When the last tick ran: a tick over a second late (or 2 intervals) means this client itself was held up. */
  let lastTick = now();
  const timer = setInterval(() => {
    if (stopped) return;
    const t = now();
    // A client held up itself (a busy page thread, a throttled tab: its ticks come late) may not
    // have read the answers waiting for it yet: its own lag is not the server's silence.
    if (t - lastTick > Math.max(2 * policy.pingEveryMs, 1_000)) waitingSince = null;
    lastTick = t;
    if (waitingSince !== null && t - waitingSince >= policy.silentMs) {
      watch.stop();
      onSilent(t - waitingSince);
      return;
    }
    waitingSince ??= t;
    room.ping(() => {
      if (!stopped) heard();
    });
  }, policy.pingEveryMs);
  (timer as { unref?: () => void }).unref?.();
  const watch: SilenceWatch = {
    heard,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
  return watch;
}

/**
 * One `joinById` of a reclaim after a silence, its matchmaking request given up after `ms`
 * (nginx may have passed it to the silent process, where it would hang): rejects "timed out",
 * which the reclaim treats as worth another try. Only the HTTP reservation is timed, not the
 * WebSocket that uses it: a reservation made but never answered is taken over by the player's
 * next try (server/src/table/seating.ts), while a join abandoned after its reservation could
 * seat the player twice over (the second try then finds its own seat taken: "table-full").
 * `post` is fetch bound to the matchmaking endpoint; `consume` is the SDK's consumeSeatReservation.
 */
export async function joinByIdWithin<R>(
  post: (path: string, body: string, signal: AbortSignal) => Promise<Response>,
  consume: (reservation: never) => Promise<R>,
  roomId: string,
  options: Record<string, unknown>,
  ms: number,
): Promise<R> {
  let res: Response;
  try {
    res = await post(`/matchmake/joinById/${encodeURIComponent(roomId)}`, JSON.stringify(options), AbortSignal.timeout(ms));
  } catch (err) {
    if ((err as { name?: string } | null)?.name === "TimeoutError" || (err as { name?: string } | null)?.name === "AbortError")
      throw new Error(`reclaim try timed out after ${ms} ms`, { cause: err });
    throw err;
  }
  const body = (await res.json().catch(() => null)) as { code?: number; error?: string } | null;
  if (!res.ok || body === null)
    throw Object.assign(new Error(`${body?.error ?? "matchmaking failed"} (${res.status})`), {
      code: body?.code ?? res.status,
      status: res.status,
      headers: res.headers,
    });
  return consume(body as never);
}

/** The close code a client reports when it left a silent server (its own, never sent by a server). */
export const SILENT_CLOSE = 4990;

/** What `leaveSilentRoom` uses of an SDK room (`@colyseus/sdk` 0.18). */
export interface LeavableRoom {
  readonly reconnection: { enabled: boolean };
  readonly connection?: { events: { onclose: unknown }; close(code?: number, reason?: string): void } | undefined;
  readonly onLeave: { invoke(code: number, reason?: string): void };
}

/**
 * Gives a silent room up at once, as if it had closed with `SILENT_CLOSE`: no SDK socket retries
 * (the process is alive, only silent: they would hang), and the room's `onLeave` listeners run
 * now, so the caller's reclaim starts (a frozen process completes no close handshake).
 */
export function leaveSilentRoom(room: LeavableRoom): void {
  room.reconnection.enabled = false;
  if (room.connection) {
    room.connection.events.onclose = () => undefined;
    try {
      room.connection.close(SILENT_CLOSE, "silent server");
    } catch {
      /* already closed */
    }
  }
  room.onLeave.invoke(SILENT_CLOSE, "silent server");
}
