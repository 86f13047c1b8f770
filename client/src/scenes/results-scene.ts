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
import { playAgain, SCENES, toLobby, type TableData } from "./flow.ts";

let shown: ResultMode | null = null;
/** How long the last result waited for the table's animation, in ms (for the test hook). */
let lastHold = 0;
/** The longest a result waits, so that it stays up a while before the next hand is dealt. */
const MAX_HOLD_MS = 2500;

/** Which result panel is on screen, if any (for the test hook). */
export function shownResult(): ResultMode | null {
  return shown;
}

export function resultHeldMs(): number {
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
  private held: Phaser.Time.TimerEvent | null = null;
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
    if (this.held) return;
    if (this.panel === null) {
      const hold = Math.min(MAX_HOLD_MS, gameModule(this.session.game)?.results?.holdMs?.() ?? 0);
      lastHold = hold;
      if (hold > 0) {
        this.held = this.time.delayedCall(hold, () => {
          this.held = null;
          if (this.latest) this.onSnap(this.latest);
        });
        return;
      }
    }
    this.panel ??= new ResultPanel({
      continue: () => this.session.sendAction({ type: "continue" }),
      playAgain: () => void playAgain(this.scene, this.session),
      toLobby: () => void this.session.leave().then(() => toLobby(this.scene)),
    }, gameModule(this.session.game)?.results);
    shown = mode;
    this.panel.update(snap, mySeat, mode, canContinue);
  }

  private hide(): void {
    this.held?.remove();
    this.held = null;
    this.panel?.destroy();
    this.panel = null;
    shown = null;
  }
}
