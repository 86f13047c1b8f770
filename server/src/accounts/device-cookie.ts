/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser that
 * signed in to a username gets an HttpOnly cookie naming that username, signed with the server's
 * secret. A sign-in attempt that brings one for the username it tries skips the username-wide
 * ceiling of the sign-in lock (limits/sign-in-lock.ts): an attacker who keeps a username locked
 * does not keep its owner's own browsers out. A cookie is good for one username (the last signed
 * in to in that browser) and is throttled on its own, like an address.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { parse as parseCookies, serialize } from "cookie";
import { usernameKey } from "../limits/account-lock.ts";
import { header, type HeaderBag } from "./auth.ts";

export const DEVICE_COOKIE = "scat_device";
const DEVICE_DAYS = 365;

const mac = (secret: string, username: string, nonce: string): string =>
  createHmac("sha256", secret)
    .update(`device\n${usernameKey(username)}\n${nonce}`)
    .digest("base64url");

/** A Set-Cookie line with a new device cookie for `username`. */
export function deviceCookie(secret: string, username: string, secure: boolean): string {
  const nonce = randomBytes(16).toString("base64url");
  return serialize(DEVICE_COOKIE, `${nonce}.${mac(secret, username, nonce)}`, {
    httpOnly: true,
    sameSite: "strict",
    path: "/api/accounts",
    maxAge: DEVICE_DAYS * 86_400,
    secure,
  });
}

/** The nonce of the request's device cookie when it was made for `username` by this server; else null. */
export function deviceOf(headers: HeaderBag, secret: string, username: string): string | null {
  const raw = header(headers, "cookie");
  if (!raw) return null;
  let value: string | undefined;
  try {
    value = parseCookies(raw)[DEVICE_COOKIE];
  } catch {
    return null;
  }
  const [nonce, sig] = (value ?? "").split(".");
  if (!nonce || !sig || nonce.length > 64) return null;
  const want = Buffer.from(mac(secret, username, nonce));
  const got = Buffer.from(sig);
  return got.length === want.length && timingSafeEqual(got, want) ? nonce : null;
}
