/**
 * The three cards received in the pass, shown small with a caption ("From Bob") for the first
 * trick of the hand, in the shade the hand is showing.
 */
import Phaser from "phaser";
import { CARD_RATIO } from "../../objects/card-art.ts";
import { DarkCardSprite, type Shade } from "../../objects/dark-card.ts";
import { readable, sharp, textStyle } from "../../objects/style.ts";
import type { Point } from "./layout.ts";

export class ReceivedView extends Phaser.GameObjects.Container {
  private readonly bg: Phaser.GameObjects.Graphics;
  private readonly caption: Phaser.GameObjects.Text;
  private sprites: DarkCardSprite[] = [];
  private key = "";

  constructor(scene: Phaser.Scene) {
    super(scene, 0, 0);
    this.bg = scene.add.graphics();
    this.caption = sharp(scene.add.text(0, 0, "", textStyle(13, "#fff6d8", true)).setOrigin(0.5, 1));
    this.add([this.bg, this.caption]);
    scene.add.existing(this);
    this.setDepth(35).setVisible(false);
  }

  show(cards: readonly string[], from: string, at: Point & { cardW: number }, shade: Shade): void {
    this.setVisible(cards.length > 0);
    if (cards.length === 0) return;
    const key = cards.join(",");
    if (key !== this.key) {
      for (const s of this.sprites) s.destroy();
      this.sprites = cards.map((c) => new DarkCardSprite(this.scene, c, shade));
      this.add(this.sprites);
      this.key = key;
    }
    const w = at.cardW;
    const h = w * CARD_RATIO;
    const step = w * 1.08;
    const fs = readable(w * 0.26);
    this.caption.setText(`Received from ${from}`).setFontSize(fs);
    const boxW = Math.max(step * cards.length + 10, this.caption.width + 12);
    // Wider than its place at the screen's edge (readable text is wide): moved in.
    this.setPosition(Math.max(boxW / 2 + 4, Math.min(this.scene.scale.width - boxW / 2 - 4, at.x)), at.y);
    this.bg
      .clear()
      .fillStyle(0x000000, 0.4)
      .fillRoundedRect(-boxW / 2, -h / 2 - fs * 1.6, boxW, h + fs * 1.6 + 6, 10);
    this.caption.setPosition(0, -h / 2 - 2);
    this.sprites.forEach((s, i) =>
      s
        .setShade(shade)
        .setCardWidth(w)
        .setPosition((i - (cards.length - 1) / 2) * step, 0),
    );
  }
}
