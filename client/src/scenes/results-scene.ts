/**
 * Runs over the table: when a round ends it shows the scoring breakdown with Continue; at game
 * over the winners with Play again and Back to lobby.
 */
import Phaser from "phaser";
import { hasLegal } from "../games/common.ts";
import { gameModule } from "../games/registry.ts";
import type { TableSnap } from "../net/snapshot.ts";
import type { TableSession } from "../net/table-session.ts";
import { addTargets } from "../test-hook.ts";
import { ResultPanel, type ResultMode } from "../ui/result-panel.ts";
import { playAgain, queueAgain, SCENES, toLobby, type TableData } from "./flow.ts";

let shown: ResultMode | null = null;
/** How the last result waited for the table's animation (for the test hook). */
export interface ResultHold {
  /** Waits started for it (0 or 1). */
  readonly holds: number;
  /** The wait asked for, in ms (at most MAX_HOLD_MS). */
  readonly holdMs: number;
  /** How long the animation still ran when the panel came up, in ms. */
  readonly leftAtShowMs: number;
}
let lastHold: ResultHold = { holds: 0, holdMs: 0, leftAtShowMs: 0 };
/** The longest a result waits, so that it stays up a while before the next hand is dealt. */
const MAX_HOLD_MS = 2500;

/** Which result panel is on screen, if any (for the test hook). */
export function shownResult(): ResultMode | null {
  return shown;
}

export function resultHold(): ResultHold {
  return lastHold;
}

export function resultMode(snap: TableSnap, canContinue: boolean): ResultMode | null {
  if (snap.status === "ended" || snap.outcome !== null || /game.?over/i.test(snap.phase)) return "game";
  if (canContinue || (snap.result !== null && /round.?(over|end)|result|scor/i.test(snap.phase))) return "round";
  return null;
}

export class ResultsScene extends Phaser.Scene {
  private session!: TableSession;
  private panel: ResultPanel | null = null;
  private cleanups: Array<() => void> = [];
  /** A result that waits for the last play's animation (see `ResultRenderers.holdMs`). */
  private held: ReturnType<typeof setTimeout> | null = null;
  /** The wait this result got (0: none); it waits once at most. */
  private heldMs: number | null = null;
  private latest: TableSnap | null = null;

  constructor() {
    super(SCENES.results);
  }

  create(data: TableData): void {
    this.session = data.session;
    shown = null;
    this.cleanups = [this.session.feed.subscribe((snap) => this.onSnap(snap)), addTargets(() => this.panel?.targets() ?? [])];
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => {
      for (const fn of this.cleanups) fn();
      this.hide();
    });
  }

  private onSnap(snap: TableSnap): void {
    this.latest = snap;
    const mySeat = this.session.mySeat;
    const canContinue = hasLegal(snap, mySeat, "continue");
    const mode = resultMode(snap, canContinue);
    if (mode === null) return this.hide();
    if (this.held !== null) return;
    const module = gameModule(this.session.game);
    if (this.panel === null && this.heldMs === null) {
      this.heldMs = Math.min(MAX_HOLD_MS, module?.results?.holdMs?.() ?? 0);
      if (this.heldMs > 0) {
        // A DOM timer, not the scene clock: the panel is HTML and must come up on time.
        this.held = setTimeout(() => {
          this.held = null;
          if (this.latest) this.onSnap(this.latest);
        }, this.heldMs);
        return;
      }
    }
    if (this.panel === null) {
      lastHold = { holds: (this.heldMs ?? 0) > 0 ? 1 : 0, holdMs: this.heldMs ?? 0, leftAtShowMs: module?.results?.holdMs?.() ?? 0 };
    }
    this.panel ??= new ResultPanel(
      {
        continue: () => this.session.sendAction({ type: "continue" }),
        playAgain: () => void playAgain(this.scene, this.session),
        queueAgain: () => void queueAgain(this.scene, this.session),
        toLobby: () => void this.session.leave().then(() => toLobby(this.scene)),
      },
      gameModule(this.session.game)?.results,
    );
    shown = mode;
    this.panel.update(snap, mySeat, mode, canContinue);
  }

  private hide(): void {
    if (this.held !== null) clearTimeout(this.held);
    this.held = null;
    this.heldMs = null;
    this.panel?.destroy();
    this.panel = null;
    shown = null;
  }
}
