/**
 * The turn buttons (declare a Skit/Scat in a shade, keep the hand) shown exactly when
 * `mine.legal` has them, and the Light/Dark toggle that flips the own hand and the discard pile.
 */
import type Phaser from "phaser";
import type { Json, LegalAction, TableSnap } from "../../net/snapshot.ts";
import { LabelButton } from "./label-button.ts";
import type { Shade } from "../../objects/dark-card.ts";
import { canvasTarget, COLORS } from "../../objects/style.ts";
import type { Target } from "../../test-hook.ts";
import type { Box } from "./layout.ts";
import { isShade, meldLabel, SHADE_NAME, SHADE_SYMBOL, type Moves } from "./view-model.ts";

interface Slot {
  readonly id: string;
  readonly button: LabelButton;
  action: LegalAction | null;
}

export class TurnControls {
  private readonly slots: Slot[];
  readonly shadeButton: LabelButton | null;

  constructor(scene: Phaser.Scene, send: (a: LegalAction) => void, onFlip: (() => void) | null) {
    const slot = (id: string, color: number): Slot => {
      const s: Slot = { id, action: null, button: new LabelButton(scene, "", color, () => s.action && send(s.action)) };
      s.button.setDepth(46).setVisible(false);
      return s;
    };
    this.slots = [
      slot("declare-light", COLORS.legal),
      slot("declare-dark", COLORS.legal),
      slot("declare", COLORS.legal),
      slot("keep", 0xd9d2bf),
    ];
    this.shadeButton = onFlip ? new LabelButton(scene, "", 0xc9d4ff, onFlip).setDepth(46) : null;
  }

  update(snap: TableSnap, moves: Moves, mine: Json, at: Box & { vertical: boolean }): void {
    const options = Array.isArray(mine["canDeclare"]) ? (mine["canDeclare"] as Json[]) : [];
    const kindOf = (shade: Shade | null): Json | undefined => options.find((o) => shade === null || o["shade"] === shade) ?? options[0];
    for (const s of this.slots) s.action = null;
    for (const a of moves.declares) {
      const shade = isShade(a["shade"]) ? a["shade"] : null;
      const slot = this.slots.find((s) => s.id === (shade ? `declare-${shade}` : "declare"));
      if (!slot) continue;
      slot.action = a;
      const o = kindOf(shade);
      const forfeit = o?.["forfeit"] === true ? " (forfeit)" : "";
      slot.button.setLabel(`Declare ${meldLabel(String(o?.["kind"] ?? ""), shade).toUpperCase()}!${forfeit}`);
    }
    const keep = this.slots[3];
    if (keep && moves.endTurn) {
      keep.action = { type: "endTurn" };
      keep.button.setLabel("Keep hand");
    }
    this.place(at, snap.status === "playing");
  }

  private place(at: Box & { vertical: boolean }, playing: boolean): void {
    const shown = this.slots.filter((s) => s.action !== null && playing);
    for (const s of this.slots) s.button.setVisible(shown.includes(s));
    const n = shown.length;
    const gap = 10;
    const w = at.vertical ? at.w : Math.min(200, (at.w - gap * (n - 1)) / Math.max(1, n));
    shown.forEach((s, i) => {
      const x = at.vertical ? at.x : at.x + (i - (n - 1) / 2) * (w + gap);
      const y = at.vertical ? at.y + (i - (n - 1) / 2) * (at.h + gap) : at.y;
      s.button.place(x, y, w, at.h);
    });
  }

  /** The toggle shows what a click turns to. */
  placeShade(at: Box, shade: Shade, visible: boolean): void {
    const next: Shade = shade === "light" ? "dark" : "light";
    this.shadeButton?.setLabel(`${SHADE_SYMBOL[next]} Show ${SHADE_NAME[next]}`).place(at.x, at.y, at.w, at.h).setVisible(visible);
  }

  targets(): Target[] {
    const out = this.slots.map((s) => (s.button.visible ? canvasTarget(`button:${s.id}`, s.button, s.action !== null) : null));
    if (this.shadeButton?.visible) out.push(canvasTarget("button:shade", this.shadeButton, true));
    return out.filter((t): t is Target => t !== null);
  }
}
