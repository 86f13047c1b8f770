/**
 * The player's buttons and keys: SLAP (space bar or the big pad; always there while playing,
 * since a slap with no race is a legal fake-out), CALL (C; only for the player who must call)
 * and DRAW (D; when `draw` is legal). Keys fire on keydown with the event's own time stamp.
 */
import type Phaser from "phaser";
import { CanvasButton } from "../../objects/button.ts";
import { canvasTarget, COLORS } from "../../objects/style.ts";
import type { Target } from "../../test-hook.ts";
import type { TableLayout } from "./layout.ts";
import { PadButton } from "./pad-button.ts";
import type { Moves } from "./view-model.ts";

export interface ControlActions {
  slap(pressedAt: number): void;
  call(): void;
  draw(): void;
}

const SLAP_IDLE = 0x8a5a2b;
const SLAP_HOT = 0xd8342a;

export class Controls {
  private readonly slapPad: PadButton;
  private readonly callPad: PadButton;
  private readonly drawButton: CanvasButton;
  private moves: Moves | null = null;
  private readonly onKey = (e: KeyboardEvent): void => this.key(e);

  constructor(
    scene: Phaser.Scene,
    private readonly act: ControlActions,
  ) {
    this.slapPad = new PadButton(scene, "SLAP!", "space bar", SLAP_IDLE, (at) => act.slap(at)).setDepth(46);
    this.callPad = new PadButton(scene, "CALL!", "key C", COLORS.gold, () => act.call()).setDepth(46).setVisible(false);
    this.drawButton = new CanvasButton(scene, "DRAW (D)", 0x9fd3ff, () => this.moves?.draw === true && act.draw()).setDepth(45);
    window.addEventListener("keydown", this.onKey);
  }

  update(moves: Moves, L: TableLayout, playing: boolean, raceOpen: boolean): void {
    this.moves = moves;
    const slapBox = L.slap;
    this.slapPad
      .setHint(L.portrait ? "tap here" : "space bar")
      .place(slapBox.x, slapBox.y, slapBox.w, slapBox.h)
      .setVisible(playing);
    this.slapPad.setLook(moves.slap, raceOpen && moves.slap, raceOpen ? SLAP_HOT : SLAP_IDLE);
    this.callPad.place(L.call.x, L.call.y, L.call.w, L.call.h).setVisible(moves.call);
    this.callPad.setLook(true, moves.call);
    this.drawButton.place(L.draw.x, L.draw.y, L.draw.w, L.draw.h).setVisible(moves.draw);
  }

  targets(): Target[] {
    const out = [
      canvasTarget("button:slap", this.slapPad, this.slapPad.enabled),
      this.callPad.visible ? canvasTarget("button:call", this.callPad, true) : null,
      this.drawButton.visible ? canvasTarget("button:draw", this.drawButton, true) : null,
    ];
    return out.filter((t): t is Target => t !== null);
  }

  destroy(): void {
    window.removeEventListener("keydown", this.onKey);
  }

  private key(e: KeyboardEvent): void {
    const el = e.target as HTMLElement | null;
    if (el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT")) return;
    if (e.code === "Space" || e.key === " ") {
      e.preventDefault();
      // The keyboard table (a11y/) keeps its focus: Space there slaps too, the button is not pressed.
      if (el?.tagName === "BUTTON" && !el.closest("#a11y-table")) el.blur();
      if (e.repeat || !this.slapPad.visible) return;
      this.act.slap(e.timeStamp > 0 ? performance.timeOrigin + e.timeStamp : performance.timeOrigin + performance.now());
    } else if ((e.key === "c" || e.key === "C") && !e.repeat && this.moves?.call) {
      this.act.call();
    } else if ((e.key === "d" || e.key === "D") && !e.repeat && this.moves?.draw) {
      this.act.draw();
    }
  }
}
