/**
 * The accounts' HTTP helpers, used by every route module of the API: a stable error body, a body
 * checked against its schema, async handlers whose failures never go unhandled, and a session's
 * label. Apart from routes.ts so the route modules it mounts (recovery-routes.ts) can use them
 * without importing it back.
 */
import type { Request, Response } from "express";
import type { z } from "zod";
import { logger } from "../logger.ts";
import { NameRefused } from "../names/registry.ts";
import { PasswordsBusy } from "../limits/index.ts";
import { TooManySessions } from "./sessions.ts";

export function fail(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ error: code, message });
}

/** The body checked against `schema`; otherwise a 400 says what is wrong (at most 300 characters) and null is returned. */
export function parse<T>(schema: z.ZodType<T>, body: unknown, res: Response): T | null {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  fail(
    res,
    400,
    "bad-request",
    r.error.issues
      .map((i) => `${i.path.join(".") || "body"}: ${i.message}`)
      .join("; ")
      .slice(0, 300),
  );
  return null;
}

/** Wraps an async handler: a failure is a 500 with a stable body, never an unhandled rejection. */
export function handle(fn: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response) => {
    fn(req, res).catch((err: unknown) => {
      if (err instanceof NameRefused) {
        if (!res.headersSent) fail(res, 400, "bad-name", err.reason);
        return;
      }
      if (err instanceof TooManySessions && !res.headersSent) return fail(res, 409, "too-many-tokens", err.message);
      if (err instanceof PasswordsBusy && !res.headersSent)
        return void res.setHeader("retry-after", String(err.retryAfterSeconds)).status(503).json({ error: "busy", message: err.message });
      if (!res.headersSent) fail(res, 500, "server-error", "The server could not handle that request");
      logger.error({ err, path: req.path }, "api request failed");
    });
  };
}

/** A session's label in the list: the browser and system from the User-Agent, roughly. */
export function browserLabel(req: Request): string {
  const ua = req.headers["user-agent"] ?? "";
  const browser = /Firefox\//.test(ua)
    ? "Firefox"
    : /Edg\//.test(ua)
      ? "Edge"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "Browser";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return system ? `${browser} on ${system}` : browser;
}
