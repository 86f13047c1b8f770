/**
 * What k6's JavaScript runtime lacks for `@colyseus/sdk` (docs/benchmarks/k6.md "k6"): `URL`,
 * `URLSearchParams`, `Headers`, `fetch` (over `k6/http`'s `asyncRequest`), `WeakRef`,
 * `FinalizationRegistry`, and a global `WebSocket` (`k6/websockets`) that also counts the bytes
 * each socket receives. Imported first by every k6 scenario, before the SDK evaluates.
 */
import http from "k6/http";
import { WebSocket as K6WebSocket } from "k6/websockets";
import { clearInterval, clearTimeout, setInterval, setTimeout } from "k6/timers";

const g = globalThis as Record<string, unknown>;

class SearchParams {
  private readonly entries: [string, string][] = [];
  constructor(init?: string | Record<string, string>) {
    if (typeof init === "string") {
      for (const part of init.replace(/^\?/, "").split("&")) {
        if (!part) continue;
        const [k, v = ""] = part.split("=");
        this.entries.push([decodeURIComponent(k!.replace(/\+/g, " ")), decodeURIComponent(v.replace(/\+/g, " "))]);
      }
    } else if (init) for (const [k, v] of Object.entries(init)) this.entries.push([k, String(v)]);
  }
  get(key: string): string | null {
    return this.entries.find((e) => e[0] === key)?.[1] ?? null;
  }
  has(key: string): boolean {
    return this.entries.some((e) => e[0] === key);
  }
  set(key: string, value: string): void {
    const i = this.entries.findIndex((e) => e[0] === key);
    if (i < 0) this.entries.push([key, String(value)]);
    else this.entries.splice(i, 1, [key, String(value)]);
    for (let j = this.entries.length - 1; j > i && i >= 0; j--) if (this.entries[j]![0] === key) this.entries.splice(j, 1);
  }
  append(key: string, value: string): void {
    this.entries.push([key, String(value)]);
  }
  delete(key: string): void {
    for (let j = this.entries.length - 1; j >= 0; j--) if (this.entries[j]![0] === key) this.entries.splice(j, 1);
  }
  forEach(fn: (value: string, key: string) => void): void {
    for (const [k, v] of this.entries) fn(v, k);
  }
  toString(): string {
    return this.entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
  }
}

/** Enough of WHATWG URL for absolute http(s)/ws(s) URLs. */
class MiniURL {
  protocol: string;
  hostname: string;
  port: string;
  pathname: string;
  searchParams: SearchParams;
  hash: string;
  constructor(input: string, base?: string) {
    const text = input.startsWith("/") && base ? base.replace(/\/$/, "") + input : input;
    const m = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#:]+|\[[^\]]+\])(?::(\d+))?([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(text);
    if (!m) throw new TypeError(`Invalid URL: ${input}`);
    this.protocol = m[1]!.toLowerCase();
    this.hostname = m[2]!;
    this.port = m[3] ?? "";
    this.pathname = m[4] || "/";
    this.searchParams = new SearchParams(m[5] ?? "");
    this.hash = m[6] ?? "";
  }
  get host(): string {
    return this.port ? `${this.hostname}:${this.port}` : this.hostname;
  }
  get origin(): string {
    return `${this.protocol}//${this.host}`;
  }
  get search(): string {
    const s = this.searchParams.toString();
    return s ? `?${s}` : "";
  }
  get href(): string {
    return `${this.origin}${this.pathname}${this.search}${this.hash}`;
  }
  toString(): string {
    return this.href;
  }
}

class MiniHeaders {
  private readonly map = new Map<string, string>();
  constructor(init?: Record<string, string> | MiniHeaders | null) {
    if (init instanceof MiniHeaders) init.forEach((v, k) => this.map.set(k, v));
    else if (init) for (const [k, v] of Object.entries(init)) if (v !== undefined) this.map.set(k.toLowerCase(), String(v));
  }
  get(key: string): string | null {
    return this.map.get(key.toLowerCase()) ?? null;
  }
  has(key: string): boolean {
    return this.map.has(key.toLowerCase());
  }
  set(key: string, value: string): void {
    this.map.set(key.toLowerCase(), String(value));
  }
  append(key: string, value: string): void {
    this.set(key, this.has(key) ? `${this.get(key)}, ${value}` : value);
  }
  delete(key: string): void {
    this.map.delete(key.toLowerCase());
  }
  forEach(fn: (value: string, key: string) => void): void {
    this.map.forEach((v, k) => fn(v, k));
  }
  toObject(): Record<string, string> {
    return Object.fromEntries(this.map);
  }
}

async function miniFetch(url: string, init: { method?: string; body?: string; headers?: MiniHeaders | Record<string, string> } = {}) {
  const headers = init.headers instanceof MiniHeaders ? init.headers.toObject() : (init.headers ?? {});
  const params = { headers, tags: { name: url.replace(/\/matchmake\/([a-zA-Z]+)\/.*/, "/matchmake/$1") } };
  let res = await http.asyncRequest(init.method ?? "GET", url, init.body ?? null, params);
  // A kept-alive connection the server closed while idle fails at once with EOF/reset and no
  // response; browsers resend on a fresh connection then, and so does this.
  if (res.status === 0 && /EOF|reset by peer|broken pipe/i.test(res.error))
    res = await http.asyncRequest(init.method ?? "GET", url, init.body ?? null, params);
  const resHeaders = new MiniHeaders();
  for (const [k, v] of Object.entries(res.headers ?? {})) resHeaders.set(k, String(v));
  const body = typeof res.body === "string" ? res.body : "";
  return {
    ok: res.status >= 200 && res.status < 300,
    status: res.status,
    statusText: res.error || String(res.status),
    headers: resHeaders,
    json: async () => JSON.parse(body),
    text: async () => body,
    blob: async () => body,
  };
}

/** The received-bytes count of one socket (per client, for "bytes per action"). */
export interface CountingSocket {
  bytesIn: number;
  messagesIn: number;
}

class CountingWebSocket implements CountingSocket {
  bytesIn = 0;
  messagesIn = 0;
  private readonly ws: K6WebSocket;
  private handler: ((e: { data: ArrayBuffer | string }) => void) | null = null;
  constructor(url: string, protocols?: unknown) {
    this.ws = new K6WebSocket(url, typeof protocols === "string" || Array.isArray(protocols) ? protocols : undefined);
    this.ws.onmessage = (e: { data: ArrayBuffer | string }) => {
      this.messagesIn++;
      this.bytesIn += typeof e.data === "string" ? e.data.length : e.data.byteLength;
      this.handler?.(e);
    };
  }
  get url(): string {
    return this.ws.url;
  }
  get readyState(): number {
    return this.ws.readyState;
  }
  get binaryType(): string {
    return this.ws.binaryType;
  }
  set binaryType(v: string) {
    this.ws.binaryType = v as "arraybuffer";
  }
  set onmessage(fn: ((e: { data: ArrayBuffer | string }) => void) | null) {
    this.handler = fn;
  }
  get onmessage() {
    return this.handler;
  }
  set onopen(fn: unknown) {
    this.ws.onopen = fn as () => void;
  }
  set onclose(fn: unknown) {
    this.ws.onclose = fn as () => void;
  }
  set onerror(fn: unknown) {
    this.ws.onerror = fn as () => void;
  }
  send(data: ArrayBuffer | Uint8Array | string): void {
    // k6 sends an ArrayBuffer as binary; a Uint8Array view must be cut to its own bytes.
    if (data instanceof Uint8Array) this.ws.send(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);
    else this.ws.send(data);
  }
  close(code?: number, reason?: string): void {
    this.ws.close(code, reason);
  }
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
}

class StrongRef<T extends object> {
  constructor(private readonly v: T) {}
  deref(): T {
    return this.v;
  }
}
class NoFinalization {
  register(): void {}
  unregister(): void {}
}

g.URL ??= MiniURL;
g.URLSearchParams ??= SearchParams;
g.Headers ??= MiniHeaders;
g.fetch ??= miniFetch;
g.WeakRef ??= StrongRef;
g.FinalizationRegistry ??= NoFinalization;
g.WebSocket = CountingWebSocket;
g.setTimeout ??= setTimeout;
g.clearTimeout ??= clearTimeout;
g.setInterval ??= setInterval;
g.clearInterval ??= clearInterval;
