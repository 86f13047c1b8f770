/** Cross-origin rule for /api: the same as matchmaking's (net/http-gate.ts), with the Authorization header allowed. */
import type { NextFunction, Request, Response } from "express";
import type { ServerConfig } from "../config.ts";
import { originAllowed } from "../net/http-gate.ts";
import { SCHEME_HEADER } from "../accounts/auth.ts";

export function apiCors(config: ServerConfig) {
  return (req: Request, res: Response, next: NextFunction): void => {
    res.vary("Origin");
    const origin = req.headers.origin;
    if (origin && originAllowed(origin, req.headers.host, config.allowedOrigins, String(req.headers[SCHEME_HEADER] ?? "http"))) {
      res.setHeader("Access-Control-Allow-Origin", origin);
      res.setHeader("Access-Control-Allow-Headers", "Content-Type, Authorization");
      res.setHeader("Access-Control-Allow-Methods", "GET, POST");
      res.setHeader("Access-Control-Max-Age", "600");
    }
    if (req.method === "OPTIONS") return void res.status(204).end();
    next();
  };
}
