/**
 * Text the database cannot store never reaches it: PostgreSQL (and PGlite) refuse a NUL character
 * in text, so a NUL in a player or match id, a username or a name used to be a 500 with a
 * kilobyte of stack in the log each time. This answers any API request whose path, query or JSON
 * body holds a NUL or half of a surrogate pair (or a path that does not decode) with 400 and a
 * reason, before any route runs; a `name` field gets the name rules' own answer (`bad-name`).
 */
import type { NextFunction, Request, Response } from "express";
import { checkDisplayName } from "../names/validate.ts";

// eslint-disable-next-line no-control-regex -- a NUL is one of the characters looked for
const UNSTORABLE = /[\u0000\p{Cs}]/u;
/** Deeper JSON than this is not looked into (the body limit keeps it small anyway). */
const MAX_DEPTH = 8;

type Found = { key: string | null } | null;

function findUnstorable(value: unknown, key: string | null, depth: number): Found {
  if (typeof value === "string") return UNSTORABLE.test(value) ? { key } : null;
  if (depth >= MAX_DEPTH || typeof value !== "object" || value === null) return null;
  for (const [k, v] of Object.entries(value)) {
    if (UNSTORABLE.test(k)) return { key: null };
    const found = findUnstorable(v, Array.isArray(value) ? key : k, depth + 1);
    if (found) return found;
  }
  return null;
}

function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

export function refuseUnstorableText(req: Request, res: Response, next: NextFunction): void {
  const bad = (message: string, error = "bad-request") => void res.status(400).json({ error, message });
  const path = decodedPath(req.path);
  if (path === null) return bad("The address has a malformed %-escape");
  if (UNSTORABLE.test(path) || findUnstorable(req.query, null, 0))
    return bad("The address holds a NUL character or broken text (half of a surrogate pair)");
  const found = findUnstorable(req.body, null, 0);
  if (found?.key === "name") {
    const name = checkDisplayName((req.body as { name?: unknown }).name);
    if (!name.ok) return bad(name.reason, "bad-name");
  }
  if (found)
    return bad(`${found.key === null ? "The request" : `"${found.key}"`} holds a NUL character or broken text (half of a surrogate pair)`);
  next();
}
