/** Prometheus metrics at GET /metrics (text format). */
import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";

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
export const gamesStarted = new Counter({ name: "scat_games_started_total", help: "Games dealt", labelNames: ["game"], registers: [registry] });
export const actionsRejected = new Counter({ name: "scat_actions_rejected_total", help: "Client messages and frames rejected, by reason", labelNames: ["code"], registers: [registry] });
export const handlerErrors = new Counter({ name: "scat_handler_errors_total", help: "Exceptions contained inside a room (the message or timer ended, the table went on)", labelNames: ["method"], registers: [registry] });
export const processErrors = new Counter({ name: "scat_process_errors_total", help: "uncaughtException / unhandledRejection reaching the process", labelNames: ["kind"], registers: [registry] });
export const matchmakeRefused = new Counter({ name: "scat_matchmake_refused_total", help: "Matchmaking HTTP requests refused before reaching the matchmaker", labelNames: ["reason"], registers: [registry] });
export const slapsAdjudicated = new Counter({ name: "scat_slaps_adjudicated_total", help: "Slap reaction times adjudicated", labelNames: ["source"], registers: [registry] });
export const slapsUnderFloor = new Counter({ name: "scat_slaps_under_100ms_total", help: "Adjudicated slap reactions under 100 ms (faster than human)", registers: [registry] });
