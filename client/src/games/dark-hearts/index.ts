/** Dark Hearts for the client: lobby entry, table view, hand summary, test-hook extras. */
import type { GameModule } from "../types.ts";
import { darkHeartsResults } from "./results.ts";
import { DarkHeartsTable } from "./table-view.ts";
import { ui } from "./ui-state.ts";
import { broken, trickOf } from "./view-model.ts";

export const darkHearts: GameModule = {
  id: "dark_hearts",
  title: "Dark Hearts",
  blurb: "Hearts on the double-sided deck: the leader picks Light or Dark.",
  seats: { min: 3, max: 4, default: 4 },
  variants: [{ key: "target", label: "Game to (points)", kind: "number", default: 100, min: 10, max: 500, step: 10 }],
  createTable: (host) => new DarkHeartsTable(host),
  results: darkHeartsResults,
  testState(snap) {
    const trick = trickOf(snap.info["trick"]);
    const last = trickOf(snap.info["lastTrick"]);
    return {
      passDirection: snap.info["passDirection"] ?? null,
      trickShade: trick?.shade ?? null,
      trickSuit: trick?.suit ?? null,
      trickCards: trick?.plays.map((p) => p.card) ?? [],
      trickFaces: trick?.plays.map((p) => p.face) ?? [],
      tricksPlayed: snap.info["tricksPlayed"] ?? 0,
      lastTrickNumber: last?.number ?? null,
      lastTrickShade: last?.shade ?? null,
      lastTrickLeader: last?.leader ?? null,
      lastTrickCards: last?.plays.map((p) => p.card) ?? [],
      heartsBroken: broken(snap),
      picked: [...ui.picked],
      handShade: ui.shade,
      lastTrickOpen: ui.lastTrickOpen,
      dimmed: [...ui.dimmed],
    };
  },
  testTargets: ["card:<card>", "button:pass", "button:shade-light", "button:shade-dark", "button:last-trick"],
};
