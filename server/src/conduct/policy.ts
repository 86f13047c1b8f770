/**
 * What counts against a player in ranked play, and what it costs (docs/API.md, "Conduct"; the
 * page's "Fair play"). Pure: the store (record.ts) feeds it a player's recent outcomes and bans.
 *
 * Lichess's playban is the model: every game's outcome is recorded; bad outcomes past a share of
 * the recent games, or a streak of them, give a ranked-queue ban that starts short and doubles
 * with each repeat inside a window, up to a cap. Aborts the player caused have a rule of their own
 * with a lower share (Lichess counts aborting too often apart too): an aborted game is unrated, so
 * a player who leaves whenever the first cards look poor would otherwise redeal for free. Casual
 * play is never banned.
 */
export type Outcome =
  /** Played to the end (also a game lost on time now and then). */
  | "completed"
  /** The game was aborted by someone else leaving early: nothing counts either way. */
  | "aborted"
  /** Left before the abort threshold: the game was aborted because of this player. */
  | "aborted-leave"
  /** Matched, and did not accept the match or did not sit down. */
  | "no-show"
  /** Left a running game and did not come back (a bot finished it). */
  | "left"
  /** Let the clock run out turn after turn (stalling). */
  | "timed-out";

export const BAD_OUTCOMES: ReadonlySet<Outcome> = new Set(["aborted-leave", "no-show", "left", "timed-out"]);

export interface ConductSettings {
  /** Recent games looked at for the share. */
  readonly window: number;
  /** A ban when at least this share of the recent games (and at least `minBad` of them) went bad. */
  readonly badShare: number;
  readonly minBad: number;
  /** A ban when this many games in a row went bad. */
  readonly streak: number;
  /**
   * A ban when at least `minAborts` of the recent games, and this share of them, were aborted by
   * the player leaving early. An abort costs no rating, so leaving in the first moves after seeing
   * a poor hand is a free redeal: counted apart from the other bad outcomes, with a lower share.
   */
  readonly abortShare: number;
  readonly minAborts: number;
  /** The first ban; each repeat inside `repeatWindowMs` doubles it, up to `maxBanMs`. */
  readonly firstBanMs: number;
  readonly maxBanMs: number;
  readonly repeatWindowMs: number;
  /** Turns timed out in a row, or this share of a player's turns, make a finished game "timed-out". */
  readonly timeoutsInARow: number;
  readonly timeoutShare: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_CONDUCT: ConductSettings = {
  window: 20,
  badShare: 0.3,
  minBad: 3,
  streak: 3,
  abortShare: 0.15,
  minAborts: 3,
  firstBanMs: 10 * MINUTE,
  maxBanMs: 48 * HOUR,
  repeatWindowMs: 7 * 24 * HOUR,
  timeoutsInARow: 3,
  timeoutShare: 0.5,
};

export interface Ban {
  readonly until: number;
  readonly level: number;
  readonly reason: string;
  readonly at: number;
}

/** The length of the `level`-th ban inside the repeat window (1-based). */
export function banLength(level: number, s: ConductSettings = DEFAULT_CONDUCT): number {
  return Math.min(s.maxBanMs, s.firstBanMs * 2 ** Math.max(0, level - 1));
}

/**
 * Whether a new ban is due after the latest outcome: `recent` newest first. Returns the reason, or
 * null. Only outcomes after the last ban count, so one bad run earns one ban.
 */
export function banReason(recent: readonly Outcome[], s: ConductSettings = DEFAULT_CONDUCT): string | null {
  const window = recent.slice(0, s.window);
  if (window.length === 0 || !BAD_OUTCOMES.has(window[0]!)) return null;
  let streak = 0;
  while (streak < window.length && BAD_OUTCOMES.has(window[streak]!)) streak++;
  if (streak >= s.streak) return `${streak} ranked games in a row left, aborted, missed or timed out`;
  const bad = window.filter((o) => BAD_OUTCOMES.has(o)).length;
  if (bad >= s.minBad && bad / window.length >= s.badShare)
    return `${bad} of your last ${window.length} ranked games left, aborted, missed or timed out`;
  const aborts = window.filter((o) => o === "aborted-leave").length;
  if (aborts >= s.minAborts && aborts / window.length >= s.abortShare)
    return `${aborts} of your last ${window.length} ranked games aborted by leaving early`;
  return null;
}

/** The next ban: its level counts the bans still inside the repeat window. */
export function nextBan(reason: string, earlier: readonly Ban[], now: number, s: ConductSettings = DEFAULT_CONDUCT): Ban {
  const level = 1 + earlier.filter((b) => b.at > now - s.repeatWindowMs).length;
  return { until: now + banLength(level, s), level, reason, at: now };
}

/** A finished game's outcome for one seat, from how it ended for that seat. */
export function finishedOutcome(
  seat: { left: boolean; timeoutsInARow: number; timeouts: number; turns: number },
  s: ConductSettings = DEFAULT_CONDUCT,
): Outcome {
  if (seat.left) return "left";
  if (seat.timeoutsInARow >= s.timeoutsInARow) return "timed-out";
  if (seat.turns >= 4 && seat.timeouts / seat.turns >= s.timeoutShare) return "timed-out";
  return "completed";
}

/** Completed share of the recorded games (aborts by others do not count either way); null with none. */
export function completionRate(outcomes: readonly Outcome[]): number | null {
  const counted = outcomes.filter((o) => o !== "aborted");
  if (counted.length === 0) return null;
  return counted.filter((o) => o === "completed").length / counted.length;
}

/** Poor conduct: grouped with each other first in the queue (and seated together in quick play). */
export function poorConduct(outcomes: readonly Outcome[], s: ConductSettings = DEFAULT_CONDUCT): boolean {
  const window = outcomes.slice(0, s.window);
  const bad = window.filter((o) => BAD_OUTCOMES.has(o)).length;
  return bad >= 2 && bad / window.length >= s.badShare / 2;
}
