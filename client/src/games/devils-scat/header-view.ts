/** The strip along the top: round, goal and the favored suit (connection quality is the toolbar's signal icon). */
import Phaser from "phaser";
import { suitTexture } from "../../objects/card-art.ts";
import { centreBetween, fitLine, sharp, textStyle } from "../../objects/style.ts";
import type { Header } from "./view-model.ts";

export class HeaderView {
  private readonly bg: Phaser.GameObjects.Graphics;
  private readonly left: Phaser.GameObjects.Text;
  private readonly chip: Phaser.GameObjects.Graphics;
  private readonly icon: Phaser.GameObjects.Image;
  private readonly favored: Phaser.GameObjects.Text;

  constructor(private readonly scene: Phaser.Scene) {
    this.bg = scene.add.graphics().setDepth(60);
    this.left = sharp(
      scene.add
        .text(0, 0, "", textStyle(17, "#f6ecd0", true))
        .setOrigin(0, 0.5)
        .setDepth(61),
    );
    this.chip = scene.add.graphics().setDepth(61);
    this.icon = scene.add.image(0, 0, suitTexture(scene.textures, "H")).setDepth(62).setVisible(false);
    this.favored = sharp(
      scene.add
        .text(0, 0, "", textStyle(17, "#ffffff", true))
        .setOrigin(0, 0.5)
        .setDepth(62),
    );
  }

  /** `rightInset` leaves room for the toolbar and the Leave button. */
  update(header: Header, w: number, barH: number, rightInset: number): void {
    const y = barH / 2 + 4;
    const narrow = w < 600;
    const fs = narrow ? 14 : 17;
    this.bg
      .clear()
      .fillStyle(0x000000, 0.35)
      .fillRoundedRect(8, 6, w - 16, barH - 4, 12);
    const goal = narrow ? header.goal.replace(/^First /, "").replace(/ · 3 lives$/, "") : header.goal;
    const x = narrow ? 16 : 22;
    // The favored suit's chip follows the text: room for it, then the toolbar's (rightInset).
    const chip = header.favored === null ? 0 : fs * 1.6 + 26 + (narrow ? 0 : 160);
    fitLine(this.left, [[header.round, goal].filter((s) => s !== "").join(" · "), header.round], w - rightInset - x - chip, fs).setPosition(
      x,
      y,
    );
    this.paintFavored(header, fs, y, w, w - rightInset - 12, narrow);
  }

  /** `right`: the chip and its words end before it (the toolbar's left end, less a margin). */
  private paintFavored(header: Header, fs: number, y: number, w: number, right: number, narrow: boolean): void {
    const show = header.favored !== null;
    this.icon.setVisible(show);
    this.chip.clear();
    // A phone shows the suit's symbol only: the top bar's right end holds the toolbar and Leave.
    this.favored.setText(show && !narrow ? `Favored: ${header.favoredName}` : "");
    if (!show || header.favored === null) return;
    this.icon.setTexture(suitTexture(this.scene.textures, header.favored));
    const size = fs * 1.6;
    const leftEnd = this.left.x + this.left.width + 18;
    const totalW = size + (narrow ? 0 : 10 + this.favored.width);
    // Centred on a desktop where the toolbar leaves room (a ranked table's wider toolbar ran over
    // "Favored: Stars" centred at 1280x720), else as far right as the toolbar allows.
    const x0 = centreBetween(totalW, leftEnd, right, narrow ? 0 : w / 2) - totalW / 2;
    this.chip.fillStyle(0xfbf8f1, 1).fillCircle(x0 + size / 2, y, size / 2 + 4);
    this.chip.lineStyle(2, 0xf5c542, 1).strokeCircle(x0 + size / 2, y, size / 2 + 4);
    this.icon.setDisplaySize(size * 0.8, size * 0.8).setPosition(x0 + size / 2, y);
    this.favored.setFontSize(fs).setPosition(x0 + size + 10, y);
  }
}
