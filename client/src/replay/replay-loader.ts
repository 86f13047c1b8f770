/**
 * Where a replay comes from: a log already in hand (the game that just ended, a file the player
 * opened) or a URL that serves one (`?replay=<url>`, e.g. a stored ranked match). The log is
 * verified first (docs/FAIRNESS.md); one that does not verify is not replayed. The verifier and
 * every engine load only here, on demand.
 */
import type { Replay } from "@scat/shared/fairness/replay.ts";

export type ReplaySource =
  | { readonly log: unknown; readonly publishedCommitment?: string; readonly seat?: number | null }
  | { readonly url: string; readonly seat?: number | null };

/** The largest log file accepted (a long game is well under 1 MB). */
export const MAX_LOG_BYTES = 8_000_000;

export async function fetchLog(url: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: "application/json" } });
  } catch (err) {
    throw new Error(`Could not load the game log from ${url}: ${(err as Error).message}`);
  }
  if (!res.ok) throw new Error(`Could not load the game log from ${url}: HTTP ${res.status}`);
  const text = await res.text();
  if (text.length > MAX_LOG_BYTES) throw new Error("That file is too large to be a game log.");
  return parseLog(text);
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
export async function loadReplay(source: ReplaySource): Promise<Replay> {
  const log = "url" in source ? await fetchLog(source.url) : source.log;
  const { openReplay } = await import("@scat/shared/fairness/replay.ts");
  const opened = openReplay(log, "publishedCommitment" in source && source.publishedCommitment ? { publishedCommitment: source.publishedCommitment } : {});
  if (!opened.ok) throw new Error(`This game log does not verify, so it cannot be replayed (${opened.code}): ${opened.reason}`);
  return opened.replay;
}

/**
 * The page address that opens the replay of the log at `logUrl` (relative or absolute), e.g. a
 * stored ranked match: `replayHref(\`/api/matches/${id}/log\`)` for links in profiles and the
 * leaderboard.
 */
export function replayHref(logUrl: string): string {
  return `/?replay=${encodeURIComponent(logUrl)}`;
}

/** `?replay=<url>` in the address bar (relative URLs resolve against this page). */
export function replayLink(search = location.search): string | null {
  const raw = new URLSearchParams(search).get("replay");
  if (!raw) return null;
  try {
    const url = new URL(raw, location.href);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
