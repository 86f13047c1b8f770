/** Prometheus metrics at GET /metrics (text format). */
import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const tablesOpen = new Gauge({ name: "scat_tables_open", help: "Tables (rooms) open in this process", labelNames: ["game"], registers: [registry] });
export const gamesStarted = new Counter({ name: "scat_games_started_total", help: "Games dealt", labelNames: ["game"], registers: [registry] });
export const actionsRejected = new Counter({ name: "scat_actions_rejected_total", help: "Client messages rejected", labelNames: ["code"], registers: [registry] });
export const slapsAdjudicated = new Counter({ name: "scat_slaps_adjudicated_total", help: "Slap reaction times adjudicated", labelNames: ["source"], registers: [registry] });
export const slapsUnderFloor = new Counter({ name: "scat_slaps_under_100ms_total", help: "Adjudicated slap reactions under 100 ms (faster than human)", registers: [registry] });
