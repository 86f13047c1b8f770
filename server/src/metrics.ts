/** Prometheus metrics at GET /metrics (text format). */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/**
 * The tables alive in this process, by game: the rooms themselves, counted when scraped, so the
 * gauge always equals the rooms that exist (a refused create never counts, a dispose always does).
 */
const liveTables = new Map<object, string>();

export function tableOpened(table: object, game: string): void {
  liveTables.set(table, game);
}

export function tableClosed(table: object): void {
  liveTables.delete(table);
}

export function tablesAlive(): Map<string, number> {
  const byGame = new Map<string, number>();
  for (const game of liveTables.values()) byGame.set(game, (byGame.get(game) ?? 0) + 1);
  return byGame;
}

export const tablesOpen = new Gauge({
  name: "scat_tables_open",
  help: "Tables (rooms) open in this process",
  labelNames: ["game"],
  registers: [registry],
  collect() {
    this.reset();
    for (const [game, n] of tablesAlive()) this.set({ game }, n);
  },
});
export const gamesStarted = new Counter({
  name: "scat_games_started_total",
  help: "Games dealt",
  labelNames: ["game"],
  registers: [registry],
});
export const actionsRejected = new Counter({
  name: "scat_actions_rejected_total",
  help: "Client messages and frames rejected, by reason",
  labelNames: ["code"],
  registers: [registry],
});
export const handlerErrors = new Counter({
  name: "scat_handler_errors_total",
  help: "Exceptions contained inside a room (the message or timer ended, the table went on)",
  labelNames: ["method"],
  registers: [registry],
});
export const processErrors = new Counter({
  name: "scat_process_errors_total",
  help: "uncaughtException / unhandledRejection reaching the process",
  labelNames: ["kind"],
  registers: [registry],
});
export const matchmakeRefused = new Counter({
  name: "scat_matchmake_refused_total",
  help: "Matchmaking HTTP requests refused before reaching the matchmaker",
  labelNames: ["reason"],
  registers: [registry],
});
export const slapsAdjudicated = new Counter({
  name: "scat_slaps_adjudicated_total",
  help: "Slap reaction times adjudicated",
  labelNames: ["source"],
  registers: [registry],
});
export const slapsUnderFloor = new Counter({
  name: "scat_slaps_under_100ms_total",
  help: "Adjudicated slap reactions under 100 ms (faster than human)",
  registers: [registry],
});
export const fairPlayFlags = new Counter({
  name: "scat_fair_play_flags_total",
  help: "Fair-play flags raised from implausible reaction profiles (conduct/fair-play.ts), by flag",
  labelNames: ["flag"],
  registers: [registry],
});

// Crash survival (docs/OPERATIONS.md): tables hosted with a journal, resumes, journal lag.
export const tablesResumed = new Counter({
  name: "scat_tables_resumed_total",
  help: "Tables rebuilt from their journal in this process, by cause (crash: a peer died; handover: a peer drained; restart: this process restarted)",
  labelNames: ["cause"],
  registers: [registry],
});
export const resumeSeconds = new Histogram({
  name: "scat_resume_seconds",
  help: "From a table's host going down (its last heartbeat, or its handover) to the table open again here",
  labelNames: ["cause"],
  buckets: [0.25, 0.5, 1, 1.5, 2, 3, 4, 5, 7.5, 10, 20],
  registers: [registry],
});
export const journalPending = new Gauge({
  name: "scat_journal_pending",
  help: "Journal writes sent and not yet acknowledged (the journal lag, in steps); effects of those steps wait",
  registers: [registry],
});
export const journalAppendSeconds = new Histogram({
  name: "scat_journal_append_seconds",
  help: "Time to make one step durable before its effects are sent",
  labelNames: ["store"],
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2],
  registers: [registry],
});
export const journalDirty = new Gauge({
  name: "scat_journal_dirty_tables",
  help: "Tables whose journal missed writes while the store was away, to be rewritten when it is back",
  registers: [registry],
});
export const actionPatchSeconds = new Histogram({
  name: "scat_action_patch_seconds",
  help: "From a player's action reaching its room to the patch showing its step written to the clients' sockets (journal wait included; time the message waited for the event loop is not: see nodejs_eventloop_lag_*)",
  buckets: [0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});
export const tablesHosted = new Gauge({
  name: "scat_tables_hosted",
  help: "Tables with a game in progress journalled by this process (the tables it holds a lease on)",
  registers: [registry],
});
