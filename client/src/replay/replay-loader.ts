/**
 * Where a replay comes from: a log already in hand (the game that just ended, a file the player
 * opened) or a ranked match stored on this server (`?replay=<match id>`). Nothing else: a replay
 * link never names another site (docs/SECURITY.md, "A crafted link"). The log is verified first
 * (docs/FAIRNESS.md); one that does not verify is not replayed. What was verified is said: a
 * stored match against the commitment this server published at its table, a game just played
 * against the commitment shown at the table, a file only for being self-consistent (whoever wrote
 * it chose its seed). The verifier and every engine load only here, on demand.
 */
import type { Replay } from "@scat/shared/fairness/replay.ts";

/** `names`: the players' names by seat, when the viewer knows them (a game just played at this table). */
export type ReplaySource =
  | { readonly log: unknown; readonly publishedCommitment?: string; readonly seat?: number | null; readonly names?: readonly string[] }
  | { readonly matchId: string; readonly seat?: number | null; readonly names?: readonly string[] };

/** What the "verified" mark stands for. */
export type Checked = { readonly kind: "stored"; readonly matchId: string } | { readonly kind: "table" } | { readonly kind: "file" };

export interface LoadedReplay {
  readonly replay: Replay;
  readonly checked: Checked;
}

/** The largest log file accepted (a long game is well under 1 MB). */
export const MAX_LOG_BYTES = 8_000_000;

/** Match ids are UUIDs or short slugs; anything else is not one of ours. */
const MATCH_ID = /^[A-Za-z0-9._-]{1,80}$/;

export function matchLogPath(matchId: string): string {
  return `/api/matches/${encodeURIComponent(matchId)}/log`;
}

/** Reads a response's body, stopping (and cancelling the download) as soon as it passes `limit` bytes. */
export async function readLimited(res: Response, limit = MAX_LOG_BYTES): Promise<string> {
  const declared = Number(res.headers.get("content-length") ?? "0");
  if (declared > limit) {
    await res.body?.cancel();
    throw new Error("That file is too large to be a game log.");
  }
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new Error("That file is too large to be a game log.");
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
}

/** A stored ranked match's log, from this server only. */
export async function fetchStoredLog(matchId: string): Promise<unknown> {
  const path = matchLogPath(matchId);
  let res: Response;
  try {
    res = await fetch(path, { headers: { accept: "application/json" } });
  } catch (err) {
    throw new Error(`Could not load the game log from ${path}: ${(err as Error).message}`, { cause: err });
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(
      res.status === 404
        ? `No stored match with id ${matchId} on this server (${path}: HTTP 404)`
        : `Could not load the game log from ${path}: HTTP ${res.status}`,
    );
  }
  return parseLog(await readLimited(res));
}

export function parseLog(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error("That file is not a game log (not JSON).");
  }
}

export async function readLogFile(file: File): Promise<unknown> {
  if (file.size > MAX_LOG_BYTES) throw new Error("That file is too large to be a game log.");
  return parseLog(await file.text());
}

/** Verifies the log and builds its replay; throws with a sentence a player can read. */
export async function loadReplay(source: ReplaySource): Promise<LoadedReplay> {
  const stored = "matchId" in source;
  const log = stored ? await fetchStoredLog(source.matchId) : source.log;
  const published = stored ? storedCommitment(log) : source.publishedCommitment;
  const { openReplay } = await import("@scat/shared/fairness/replay.ts");
  const opened = openReplay(log, published ? { publishedCommitment: published } : {});
  if (!opened.ok) throw new Error(`This game log does not verify, so it cannot be replayed (${opened.code}): ${opened.reason}`);
  if (stored && opened.replay.log.matchId !== source.matchId)
    throw new Error(`The server's log for match ${source.matchId} names another match.`);
  const checked: Checked = stored ? { kind: "stored", matchId: source.matchId } : published ? { kind: "table" } : { kind: "file" };
  return { replay: opened.replay, checked };
}

/** The commitment this server published at the stored match's table (kept in its stored log). */
function storedCommitment(log: unknown): string | undefined {
  const c = (log as { commitment?: unknown } | null)?.commitment;
  return typeof c === "string" ? c : undefined;
}

/** The page address that opens the replay of a stored ranked match (profiles, the leaderboard). */
export function replayHref(matchId: string): string {
  return `/?replay=${encodeURIComponent(matchId)}`;
}

/**
 * `?replay=<match id>` in the address bar: the match id, `{ refused }` for anything else (a URL of
 * another site, a path), or null without the parameter.
 */
export function replayLink(search = location.search): { matchId: string } | { refused: string } | null {
  const raw = new URLSearchParams(search).get("replay");
  if (raw === null) return null;
  if (MATCH_ID.test(raw)) return { matchId: raw };
  return {
    refused:
      "Replay links open only matches stored on this server. To watch a game log from elsewhere, download it and open it with “Watch a replay…”.",
  };
}
