/**
 * A hand-built protocol client (docs/PROTOCOL.md, "Wire format"): HTTP matchmaking, the
 * WebSocket, and frames of our own making, so tests can send what the SDK never would.
 */
import { pack, unpack } from "msgpackr";

export const CODE = {
  join: 10,
  error: 11,
  leave: 12,
  data: 13,
  state: 14,
  patch: 15,
  bytes: 17,
  ping: 18,
  request: 21,
  response: 22,
} as const;

export interface Reservation {
  readonly roomId: string;
  readonly sessionId: string;
  readonly processId: string;
  readonly name: string;
}

export async function matchmake(
  base: string,
  method: string,
  room: string,
  body: unknown,
  raw = false,
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base}/matchmake/${method}/${room}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: raw ? (body as string) : JSON.stringify(body),
    // A request the server never answers fails the caller instead of hanging the test.
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

function fixstr(text: string): number[] {
  const bytes = [...Buffer.from(text)];
  if (bytes.length > 31) throw new Error("test types must be short");
  return [0xa0 | bytes.length, ...bytes];
}

/** `[13][type][msgpack payload]`, the way the SDK sends `room.send(type, payload)`. */
export function dataFrame(type: string, payload?: unknown): Uint8Array {
  const body = payload === undefined ? [] : [...pack(payload)];
  return Uint8Array.from([CODE.data, ...fixstr(type), ...body]);
}

/** `[13][type][raw bytes]`: a payload of our own making. */
export function dataFrameRaw(type: string, body: Uint8Array): Uint8Array {
  return Uint8Array.from([CODE.data, ...fixstr(type), ...body]);
}

/** The 9 KB frame of the robustness report: a msgpack map nested 3,000 deep. */
export function deepMapBody(depth = 3000): Uint8Array {
  const out = new Uint8Array(depth * 3 + 1);
  for (let i = 0; i < depth; i++) out.set([0x81, 0xa1, 0x61], i * 3);
  out[depth * 3] = 0xc0;
  return out;
}

export interface Received {
  readonly code: number;
  readonly type?: string | number;
  readonly message?: unknown;
}

function decodeType(buf: Uint8Array, at: number): [string | number, number] {
  const b = buf[at]!;
  if (b >= 0xa0 && b <= 0xbf) return [Buffer.from(buf.subarray(at + 1, at + 1 + (b & 0x1f))).toString(), at + 1 + (b & 0x1f)];
  return [b, at + 1];
}

export class RawClient {
  readonly received: Received[] = [];
  /** Every frame as it came. */
  readonly frames: Uint8Array[] = [];
  closeCode: number | null = null;
  private readonly closed: Promise<void>;

  private constructor(private readonly ws: WebSocket) {
    ws.binaryType = "arraybuffer";
    ws.onmessage = (ev) => this.onFrame(new Uint8Array(ev.data as ArrayBuffer));
    this.closed = new Promise((resolve) => {
      ws.onclose = (ev) => {
        this.closeCode = ev.code;
        resolve();
      };
    });
  }

  /** Opens the socket of a reservation (or any path, for sockets with no seat at all). */
  static async open(url: string): Promise<RawClient> {
    const ws = new WebSocket(url);
    const client = new RawClient(ws);
    await new Promise<void>((resolve, reject) => {
      // An upgrade the server never answers is an error here, not a hang.
      const timer = setTimeout(() => {
        ws.close();
        reject(new Error(`no answer opening ${url}`));
      }, 15_000);
      ws.onopen = () => {
        clearTimeout(timer);
        resolve();
      };
      ws.onerror = () => {
        clearTimeout(timer);
        reject(new Error(`cannot open ${url}`));
      };
    });
    return client;
  }

  static async join(base: string, r: Reservation, ack = true): Promise<RawClient> {
    const client = await RawClient.open(`${base.replace(/^http/, "ws")}/${r.processId}/${r.roomId}?sessionId=${r.sessionId}`);
    if (ack) {
      await client.until((m) => m.code === CODE.join, "JOIN_ROOM");
      client.send(Uint8Array.of(CODE.join));
    }
    return client;
  }

  private onFrame(buf: Uint8Array): void {
    const code = buf[0]!;
    this.frames.push(buf);
    if (code !== CODE.data) return void this.received.push({ code });
    const [type, at] = decodeType(buf, 1);
    let message: unknown;
    try {
      message = at < buf.length ? unpack(buf.subarray(at)) : undefined;
    } catch {
      message = "<undecodable>";
    }
    this.received.push({ code, type, message });
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(frame: Uint8Array): void {
    if (this.open) this.ws.send(frame);
  }

  rejections(): { code: string; message: string }[] {
    return this.received.filter((m) => m.type === "rejected").map((m) => m.message as { code: string; message: string });
  }

  async until(match: (m: Received) => boolean, what: string, timeoutMs = 10_000): Promise<Received> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.received.find(match);
      if (hit) return hit;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
    await Promise.race([this.closed, new Promise((r) => setTimeout(r, 5_000))]);
  }
}
