/**
 * Why a join failed, in words a report can count. The SDK turns a WebSocket that fails before the
 * server's JOIN_ROOM into a `MatchMakeError` with no code and an empty message (it passes the
 * `error` event's missing `code`/`reason` on), so the load tools use `ReportingClient`, which keeps
 * what the transport said (the error event's message and cause, the close code and reason) and
 * puts it on the error, with how long each stage took.
 */
import { Client, type Room } from "@colyseus/sdk";

/** A failed join, explained: `reason` is a short category to count, `text` the whole story. */
export interface JoinFailure {
  readonly reason: string;
  readonly text: string;
}

interface TransportEvent {
  code?: unknown;
  reason?: unknown;
  message?: unknown;
  error?: unknown;
  type?: unknown;
}
interface TransportEvents {
  onerror?: (e: TransportEvent) => void;
  onclose?: (e: TransportEvent) => void;
}

const str = (v: unknown): string => (v === undefined || v === null ? "" : String(v));

/** The innermost cause's code or message of an error-like value (undici nests its reasons). */
function causeOf(v: unknown): string {
  let e = v as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  let text = "";
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) {
    const here = str(e.code) || str(e.message) || (typeof e === "string" ? e : "");
    if (here) text = here;
  }
  return text;
}

function describeEvent(e: TransportEvent): string {
  if (e.type === "close" || e.code !== undefined) return `closed ${str(e.code)}${str(e.reason) ? ` "${str(e.reason)}"` : ""}`;
  const message = str(e.message) || str((e.error as { message?: unknown })?.message) || (typeof e.error === "string" ? e.error : "");
  const cause = causeOf(e.error);
  return `error${message ? ` "${message}"` : ""}${cause && cause !== message ? ` (cause ${cause})` : ""}`;
}

/**
 * The SDK's client, keeping what the transport said when a join's WebSocket failed and the time
 * each stage took: the error thrown by a failed join carries `reason`, a message that is never
 * empty, `matchmakeMs` (the HTTP reservation) and `connectMs` (reservation to failure).
 */
export class ReportingClient extends Client {
  private transportSaid: string[] = [];
  private reservedAt = 0;

  protected override createRoom<T>(roomName: string, rootSchema?: never): Room<any, T> {
    const room = super.createRoom<T>(roomName, rootSchema);
    const connect = room.connect.bind(room);
    room.connect = (endpoint: string, options?: unknown, headers?: unknown) => {
      this.transportSaid = [];
      this.reservedAt = Date.now();
      connect(endpoint, options, headers);
      const events = (room.connection as unknown as { events: TransportEvents }).events;
      for (const key of ["onerror", "onclose"] as const) {
        const inner = events[key];
        events[key] = (e) => {
          if (this.transportSaid.length < 4) this.transportSaid.push(describeEvent(e ?? {}));
          inner?.(e);
        };
      }
    };
    return room;
  }

  override async consumeSeatReservation<T>(
    response: Parameters<Client["consumeSeatReservation"]>[0],
    rootSchema?: never,
  ): Promise<Room<any, T>> {
    try {
      return await super.consumeSeatReservation<T>(response, rootSchema);
    } catch (err) {
      throw explainJoinError(err, { transport: this.transportSaid, connectMs: Date.now() - this.reservedAt });
    }
  }
}

/** Known server refusals, by code or message. */
function category(code: string, message: string): string {
  if (/table-full/.test(message)) return "table-full";
  if (code === "524" || /reservation expired|already consumed/.test(message)) return "reservation-expired";
  if (code === "429") return "rate-limited";
  // k6's fetch shim: status 0, no response at all.
  if (code === "0") return "network";
  if (/^5\d\d$/.test(code) && code !== "524") return `server-${code}`;
  if (/^[14]\d\d\d$/.test(code)) return `closed-${code}`;
  if (code) return code;
  return "";
}

/**
 * A join that failed once its reservation was made. Not an SDK `ServerError`, which the SDK would
 * re-wrap (dropping `reason`) on its way out of `joinOrCreate`/`create`/`joinById`.
 */
export class JoinFailedError extends Error {
  override name = "JoinFailedError";
  constructor(
    message: string,
    readonly code: unknown,
    readonly reason: string,
    readonly connectMs: number,
  ) {
    super(message);
  }
}

/** The error of a failed WebSocket stage, with what the transport said and how long it took. */
export function explainJoinError(err: unknown, seen: { transport: readonly string[]; connectMs: number }): JoinFailedError {
  const e = (err instanceof Error ? err : new Error(String(err))) as Error & { code?: unknown };
  const said = seen.transport.join("; ");
  const code = str(e.code);
  let reason = category(code, e.message);
  if (!reason) {
    // No code, no message: the WebSocket failed under the SDK. Name what failed.
    const cause = /cause ([\w-]+)/.exec(said)?.[1];
    const closed = /closed (\d+)/.exec(said)?.[1];
    reason = cause ? `ws-${cause}` : closed ? `ws-closed-${closed}` : said ? "ws-error" : "ws-no-event";
  }
  let message = e.message;
  if (!message) message = `the WebSocket failed before the server's join reply: ${said || "no event from the transport"}`;
  else if (said && !message.includes(said)) message += ` [transport: ${said}]`;
  return new JoinFailedError(message, e.code, reason, seen.connectMs);
}

/** A join error as a countable reason and a line for the log (any error, from any client). */
export function joinFailure(err: unknown): JoinFailure {
  const e = err as { code?: unknown; reason?: unknown; message?: unknown; name?: unknown; connectMs?: unknown; cause?: unknown } | null;
  const message = str(e?.message);
  const code = str(e?.code) || causeOf(e?.cause);
  // Not explained by ReportingClient's WebSocket stage: the HTTP reservation failed.
  const reason = str(e?.reason) || `matchmake-${category(code, message) || (message ? "error" : "no-message")}`;
  const after = typeof e?.connectMs === "number" ? `, ${e.connectMs} ms after the reservation` : "";
  return { reason, text: `${reason}: ${str(e?.name)} ${code ? `code ${code} ` : ""}${message || "(no message)"}${after}` };
}
