/**
 * Anonymous API reads answered from memory for a moment ("reads are rate-limited too";
 * docs/SECURITY.md, "A botnet"). A read flood asks for the same few public pages again and again
 * (a leaderboard, a profile, a match log); each answer that went through Express and the database
 * costs the event loop the players' tables run on. Here a public read's answer (status 200 or
 * 404, no cookie set) is kept for `READ_CACHE_MS` and given to every anonymous request for the
 * same URL in that time without Express or the database; requests for a URL whose first read is
 * still being answered wait for that answer instead of each querying the database (one flight per
 * URL).
 *
 * Only requests with no credentials (no `Authorization`, no session cookie) are answered here:
 * a signed-in player's leaderboard carries their own row, so theirs always go through. Public
 * pages can therefore be up to `READ_CACHE_MS` old (docs/API.md). The table is an LRU bounded in
 * bytes (lru-cache), so distinct URLs (a cache-busting flood) cost memory once, never a scan; such
 * a flood's misses are bounded by the process's read budget (limits/index.ts).
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import { Counter } from "prom-client";
import { SESSION_COOKIE } from "../accounts/auth.ts";
import { registry } from "../metrics.ts";

/** Public read routes whose anonymous answer is the same for everyone. */
const PUBLIC_READ = /^\/api\/(?:leaderboard|players|matches|ranked\/formats)(?:[/?]|$)/;
/** Answers larger than this are not kept (a match log is a few kB to ~100 kB). */
const MAX_BODY = 512 * 1024;

export const readCacheAnswers = new Counter({
  name: "scat_read_cache_total",
  help: "Anonymous public API reads by how they were answered (hit: from memory; joined: waited for the same read in flight; miss: through Express)",
  labelNames: ["answer"],
  registers: [registry],
});

/**
 * Bumped when this process changes what public pages show (a rated game, a rename, an operator's
 * reset): answers kept before are not given again. Another process's changes show within
 * READ_CACHE_MS.
 */
let generation = 0;
export function publicPagesChanged(): void {
  generation++;
}

interface Entry {
  readonly generation: number;
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
  readonly at: number;
}

/** How `answer` took a request: answered from memory, or queued behind the same read in flight. */
export type CacheAnswer = "hit" | "joined";

export class ReadCache {
  private readonly entries: LRUCache<string, Entry>;
  /** URL → requests waiting for the read in flight; each is answered from its result or, when it cannot be kept, sent through Express itself. */
  private readonly inFlight = new Map<string, Array<{ res: ServerResponse; pass: () => void }>>();

  constructor(
    private readonly ttlMs: number,
    maxBytes = 16 * 1024 * 1024,
  ) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (e) => e.body.length + 512,
      ttl: ttlMs,
      ttlAutopurge: false,
    });
  }

  /** The key of a request this cache may answer, or null (not a public read, or it carries credentials). */
  static keyOf(req: IncomingMessage): string | null {
    if (req.method !== "GET" || req.url === undefined || !PUBLIC_READ.test(req.url)) return null;
    if (req.headers.authorization !== undefined) return null;
    if (req.headers.cookie !== undefined && req.headers.cookie.includes(`${SESSION_COOKIE}=`)) return null;
    return req.url;
  }

  /**
   * Answers `req` from memory if it can (`hit`), or queues it behind the same read in flight
   * (`joined`: answered from that read's result or, when it cannot be kept, sent on through
   * Express by `pass`). Null: the caller serves it, calling `fill` first if it goes to Express.
   */
  answer(req: IncomingMessage, res: ServerResponse, pass: () => void): CacheAnswer | null {
    const key = this.ttlMs > 0 ? ReadCache.keyOf(req) : null;
    if (key === null) return null;
    const hit = this.entries.get(key);
    if (hit && hit.generation === generation) {
      readCacheAnswers.inc({ answer: "hit" });
      send(res, hit);
      return "hit";
    }
    const waiting = this.inFlight.get(key);
    if (!waiting) return null;
    readCacheAnswers.inc({ answer: "joined" });
    waiting.push({ res, pass });
    return "joined";
  }

  /** Keeps the answer Express gives `req` (if it is a public anonymous read), and gives it to requests that join meanwhile. */
  fill(req: IncomingMessage, res: ServerResponse): void {
    const key = this.ttlMs > 0 ? ReadCache.keyOf(req) : null;
    if (key === null || this.inFlight.has(key)) return;
    readCacheAnswers.inc({ answer: "miss" });
    this.inFlight.set(key, []);
    watch(res, (entry) => {
      const queued = this.inFlight.get(key) ?? [];
      this.inFlight.delete(key);
      if (entry) this.entries.set(key, entry);
      for (const q of queued)
        if (entry) send(q.res, entry);
        else q.pass();
    });
  }

  /** URLs kept now (for tests and /metrics-free inspection). */
  get size(): number {
    return this.entries.size;
  }
}

function send(res: ServerResponse, entry: Entry): void {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(entry.status, { ...entry.headers, age: String(Math.floor((Date.now() - entry.at) / 1000)) });
  res.end(entry.body);
}

const toBuffer = (chunk: unknown, encoding: unknown): Buffer =>
  Buffer.isBuffer(chunk)
    ? chunk
    : typeof chunk === "string"
      ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
      : Buffer.from(chunk as Uint8Array);

/** Collects what Express writes to `res`; `done` gets the answer to keep, or null (not 200/404, sets a cookie, too large, or the client went away). */
function watch(res: ServerResponse, done: (entry: Entry | null) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const collect = (chunk: unknown, encoding: unknown): void => {
    if (chunk === undefined || chunk === null || typeof chunk === "function" || size > MAX_BODY) return;
    const b = toBuffer(chunk, encoding);
    size += b.length;
    chunks.push(b);
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as ServerResponse["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as ServerResponse["end"];
  let settled = false;
  const settle = (entry: Entry | null) => {
    if (!settled) {
      settled = true;
      done(entry);
    }
  };
  const from = generation;
  res.once("finish", () => {
    const keep = (res.statusCode === 200 || res.statusCode === 404) && res.getHeader("set-cookie") === undefined && size <= MAX_BODY;
    settle(
      keep ? { generation: from, status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks), at: Date.now() } : null,
    );
  });
  res.once("close", () => settle(null));
}
