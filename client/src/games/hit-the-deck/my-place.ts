/** The own seat: the prompt over the hand, the own line (name, points, tags) and the turn glow. */
import type Phaser from "phaser";
import type { TableSnap } from "../../net/snapshot.ts";
import { CARD_RATIO } from "../../objects/card-art.ts";
import { COLORS, promptBox, promptStyle, sharp, textStyle } from "../../objects/style.ts";
import type { Target } from "../../test-hook.ts";
import type { TableLayout } from "./layout.ts";
import { isActive, promptText, seatTags, type Moves } from "./view-model.ts";

export class MyPlace {
  private readonly prompt: Phaser.GameObjects.Text;
  private readonly line: Phaser.GameObjects.Text;
  private readonly glow: Phaser.GameObjects.Graphics;

  constructor(private readonly scene: Phaser.Scene) {
    this.glow = scene.add.graphics();
    this.prompt = promptStyle(
      sharp(
        scene.add
          .text(0, 0, "", textStyle(22, "#fff6d8", true))
          .setOrigin(0.5)
          .setDepth(40),
      ),
    );
    this.prompt.setShadow(0, 2, "#000000", 4, false, true);
    this.line = sharp(
      scene.add
        .text(0, 0, "", textStyle(16, "#f4efe2", true))
        .setOrigin(0.5)
        .setDepth(40),
    );
  }

  /** The prompt's box while it says something (toasts keep off it). */
  promptBox(): Target[] {
    return promptBox(this.prompt);
  }

  update(snap: TableSnap, mySeat: number | null, moves: Moves, L: TableLayout): void {
    const me = mySeat === null ? undefined : snap.seats[mySeat];
    const tags = me ? seatTags(snap, me, Date.now()) : [];
    const text = me ? ["You", `${me.score} pts`, ...tags].join(" · ") : "Spectating";
    this.line
      .setText(text)
      .setVisible(snap.status !== "waiting")
      .setFontSize(L.portrait ? 14 : 16)
      .setPosition(L.me.x, L.me.y);
    this.line.setWordWrapWidth(L.portrait ? L.promptW : 260, true);
    const race = snap.info["race"] !== null && snap.info["race"] !== undefined;
    this.prompt
      .setText(promptText(snap, mySeat, moves))
      .setFontSize(L.portrait ? 16 : 22)
      .setPosition(L.prompt.x, L.prompt.y);
    this.prompt
      .setOrigin(L.portrait ? 0 : 0.5, 0.5)
      .setWordWrapWidth(L.promptW, true)
      .setAlign(L.portrait ? "left" : "center")
      .setColor(race && moves.slap ? "#ffe27a" : "#fff6d8");
    this.paintGlow(snap, mySeat, L);
  }

  private paintGlow(snap: TableSnap, mySeat: number | null, L: TableLayout): void {
    const g = this.glow.clear();
    if (mySeat === null || !isActive(snap, mySeat)) return;
    const { cx, cy, cardW, maxWidth } = L.hand;
    const hh = cardW * CARD_RATIO;
    const w = Math.min(maxWidth + 28, this.scene.scale.width - 8);
    const top = cy - hh / 2 - hh * 0.2;
    g.fillStyle(COLORS.turn, 0.12).fillRoundedRect(cx - w / 2, top, w, hh * 1.2 + 8, 18);
    g.lineStyle(3, COLORS.turn, 0.9).strokeRoundedRect(cx - w / 2, top, w, hh * 1.2 + 8, 18);
  }
}
