/**
 * Browser security headers on every response (docs/SECURITY.md, "A crafted link", "Framing"):
 * helmet with a strict Content-Security-Policy. The page loads scripts, styles and images only
 * from its own origin, connects only to its own origin (and the table sockets' origins when
 * PUBLIC_ADDRESS names them), can be framed by nobody, and sends no referrer to other sites.
 */
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { ServerConfig } from "../config.ts";

/** `ws(s)://host[:port]` origins of the table sockets when PUBLIC_ADDRESS names a host (a cluster). */
export function socketOrigins(config: ServerConfig): string[] {
  if (config.publicAddress === null) return [];
  const host = config.publicAddress.split("/")[0]!;
  return [`ws://${host}`, `wss://${host}`];
}

export function securityHeaders(config: ServerConfig): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Phaser paints card textures on canvases and reads them back as data/blob images.
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        mediaSrc: ["'self'", "data:", "blob:"],
        workerSrc: ["'self'", "blob:"],
        // 'self' covers the page's own ws(s) origin too (CSP Level 3).
        connectSrc: ["'self'", ...socketOrigins(config)],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "same-origin" },
    // HSTS only when the site is served over TLS (PUBLIC_URL https://...): on plain http it would
    // only make local development unreachable.
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
  });
}
