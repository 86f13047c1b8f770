/**
 * The API's error shape for everything Express itself would answer in HTML: a malformed or too
 * large JSON body, a path that cannot be decoded, an unknown API route, or a fault in a handler.
 * Never a stack trace or a path (docs/SECURITY.md); a short log line only.
 */
import type { ErrorRequestHandler, RequestHandler } from "express";
import { logger } from "../logger.ts";

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

const REASONS: Record<string, string> = {
  "entity.parse.failed": "the request body is not valid JSON",
  "entity.too.large": "the request body is too large",
  "encoding.unsupported": "the request body's encoding is not supported",
  "charset.unsupported": "the request body's charset is not supported",
  "request.aborted": "the request was aborted",
};

export function apiNotFound(): RequestHandler {
  return (_req, res) => {
    res.status(404).json({ error: "not-found", message: "No such API route" });
  };
}

export function jsonErrors(): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const e = (err ?? {}) as HttpishError;
    const status = e.status ?? e.statusCode ?? 500;
    if (res.headersSent) {
      res.end();
      return;
    }
    if (status >= 400 && status < 500) {
      const reason =
        (e.type && REASONS[e.type]) ??
        (err instanceof URIError ? "the request path is not valid percent-encoding" : "the request is malformed");
      logger.debug({ status, type: e.type, path: req.path.slice(0, 200) }, "bad request");
      res.status(status).json({ error: status === 413 ? "too-large" : "bad-request", message: reason });
      return;
    }
    logger.error({ err, path: req.path.slice(0, 200) }, "request failed");
    res.status(500).json({ error: "server-error", message: "The server could not handle that request" });
  };
}

/** In production the built client's source maps are not served (they are not built either, unless SOURCEMAP=1). */
export function noSourceMaps(): RequestHandler {
  return (req, res, next) => {
    if (req.path.endsWith(".map")) {
      res.status(404).json({ error: "not-found", message: "No such file" });
      return;
    }
    next();
  };
}
