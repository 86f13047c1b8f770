/**
 * Who a request or a socket is (docs/API.md, "Sessions"): a personal token in
 * `Authorization: Bearer` (or a join option `token`, for SDK tools), else the browser's session
 * cookie. The cookie counts only on a request from this site's own pages: a state-changing
 * request or a socket that carries it must come with an `Origin` of this host (browsers always
 * send one there), so another site can neither act with it (CSRF) nor open a socket as the player.
 */
import type { IncomingHttpHeaders } from "node:http";
import { parse as parseCookies, serialize } from "cookie";
import type { ServerConfig } from "../config.ts";
import { DAY, type Authenticated, type Sessions } from "./sessions.ts";

export const SESSION_COOKIE = "scat_session";

/** Node's request headers, or the WHATWG `Headers` a Colyseus auth context carries. */
export type HeaderBag = IncomingHttpHeaders | Headers;

export function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const v = (headers as IncomingHttpHeaders)[name];
  return Array.isArray(v) ? v.join(", ") : v;
}

/**
 * The header that carries the scheme this server is reached by (`http` or `https`), set like
 * PEER_HEADER on every request and upgrade: an `Origin` names this site only when its scheme
 * matches too (a page served over plain http is another origin than the https one, and the
 * reverse), so the same-site checks compare scheme, host and port.
 */
export const SCHEME_HEADER = "x-scat-scheme";

/**
 * `origin` is this server itself: the same scheme (SCHEME_HEADER's, http when absent), host and
 * port (a default port written out or left off is the same), as the browser's same-origin rule.
 */
export function sameOrigin(origin: string, host: string | undefined, scheme: string | undefined): boolean {
  if (host === undefined) return false;
  try {
    const claimed = new URL(origin);
    const self = new URL(`${scheme === "https" ? "https" : "http"}://${host}`);
    return claimed.protocol === self.protocol && claimed.host === self.host;
  } catch {
    return false;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function bearerOf(headers: HeaderBag): string | null {
  const h = header(headers, "authorization");
  return h?.startsWith("Bearer ") ? h.slice(7).trim() : null;
}

export function sessionCookieOf(headers: HeaderBag): string | null {
  const raw = header(headers, "cookie");
  if (!raw) return null;
  try {
    return parseCookies(raw)[SESSION_COOKIE] ?? null;
  } catch {
    return null;
  }
}

/**
 * The request names this site as its origin (`Origin` of the same scheme, host and port, else
 * `Sec-Fetch-Site: same-origin`): `https://host` is another site than the `http://host` server.
 */
export function fromThisSite(headers: HeaderBag): boolean {
  const origin = header(headers, "origin");
  if (origin !== undefined && origin !== "null") return sameOrigin(origin, header(headers, "host"), header(headers, SCHEME_HEADER));
  return header(headers, "sec-fetch-site") === "same-origin";
}

/** A request that changes something, or a socket: the cookie then counts only from this site. */
export function needsSameSite(method: string | undefined): boolean {
  return method === undefined || !SAFE_METHODS.has(method.toUpperCase());
}

export type Credential =
  | { readonly kind: "token"; readonly secret: string }
  | { readonly kind: "browser"; readonly secret: string }
  | { readonly kind: "cross-site" }
  | null;

/**
 * The credential a request or socket presents. `method` undefined is a socket. A cookie sent from
 * another site on a state-changing request is `cross-site` (refused with 403, never ignored, so
 * the page learns why).
 */
export function credentialOf(headers: HeaderBag, method: string | undefined, optionToken?: unknown): Credential {
  const token = bearerOf(headers) ?? (typeof optionToken === "string" && optionToken !== "" ? optionToken : null);
  if (token !== null) return { kind: "token", secret: token };
  const cookie = sessionCookieOf(headers);
  if (cookie === null) return null;
  if (needsSameSite(method) && !fromThisSite(headers)) return { kind: "cross-site" };
  return { kind: "browser", secret: cookie };
}

export async function authenticate(sessions: Sessions, credential: Credential): Promise<Authenticated | null> {
  if (credential === null || credential.kind === "cross-site") return null;
  return sessions.authenticate(credential.secret, credential.kind);
}

/** `Secure` cookies when the site is served over TLS: PUBLIC_URL https, or the proxy says so (TRUST_PROXY). */
export function secureRequest(config: ServerConfig, headers: HeaderBag): boolean {
  if (config.secureCookies) return true;
  return config.trustProxy && (header(headers, "x-forwarded-proto") ?? "").split(",").at(-1)?.trim() === "https";
}

export function sessionCookie(config: ServerConfig, headers: HeaderBag, secret: string): string {
  return serialize(SESSION_COOKIE, secret, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: Math.round((config.sessionDays * DAY) / 1000),
    secure: secureRequest(config, headers),
  });
}

export function clearedCookie(config: ServerConfig, headers: HeaderBag): string {
  return serialize(SESSION_COOKIE, "", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 0,
    expires: new Date(0),
    secure: secureRequest(config, headers),
  });
}
