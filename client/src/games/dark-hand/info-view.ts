/**
 * Table-wide information: the header strip (game, hand, tokens each), the pot with its
 * chips, and the final-round line saying whose Skit opened it and who still has a last turn.
 */
import Phaser from "phaser";
import { centreBetween, fitLine, MIN_TEXT, readable, sharp, textStyle } from "../../objects/style.ts";
import { TokenRow } from "../../objects/token-row.ts";
import type { Point } from "./layout.ts";

export class InfoView {
  private readonly bar: Phaser.GameObjects.Graphics;
  private readonly left: Phaser.GameObjects.Text;
  private readonly potChips: TokenRow;
  private readonly potText: Phaser.GameObjects.Text;
  private readonly finalBg: Phaser.GameObjects.Graphics;
  private readonly finalText: Phaser.GameObjects.Text;

  constructor(scene: Phaser.Scene) {
    this.bar = scene.add.graphics().setDepth(60);
    this.left = sharp(
      scene.add
        .text(0, 0, "", textStyle(17, "#f6ecd0", true))
        .setOrigin(0, 0.5)
        .setDepth(61),
    );
    this.potChips = new TokenRow(scene, undefined, 7).setDepth(25);
    this.potText = sharp(
      scene.add
        .text(0, 0, "", textStyle(17, "#fff1b8", true))
        .setOrigin(0.5, 0)
        .setDepth(25),
    );
    this.potText.setShadow(0, 1, "#000000", 3, false, true);
    this.finalBg = scene.add.graphics().setDepth(62);
    this.finalText = sharp(
      scene.add
        .text(0, 0, "", textStyle(17, "#2a1600", true))
        .setOrigin(0.5)
        .setDepth(63),
    );
  }

  /** `reserve`: room kept right of the line (the final-round strip's shortest form); returns where the line ends. */
  header(text: string, w: number, barH: number, rightInset: number, reserve = 0): number {
    const y = barH / 2 + 4;
    const narrow = w < 600;
    this.bar
      .clear()
      .fillStyle(0x000000, 0.35)
      .fillRoundedRect(8, 6, w - 16, barH - 4, 12);
    const shown = narrow ? text.replace(/ · \d+ tokens each/, "").replace(" · Forfeit Play", " · FP") : text;
    const x = narrow ? 16 : 22;
    // Left of the toolbar (a phone's ♪ ☰ ⋯ ? covered "Hand 1"): without the game's name, then the hand alone.
    const noTitle = shown.replace(/^[^·]+ · /, "");
    fitLine(this.left, [shown, noTitle, noTitle.replace(/ · .*$/, "")], w - rightInset - x - 8 - reserve, narrow ? 14 : 17).setPosition(
      x,
      y,
    );
    return x + this.left.width;
  }

  pot(at: Point, count: number, visible: boolean, size: number): void {
    this.potChips.setVisible(visible).setPosition(at.x, at.y).show(count, size);
    this.potText
      .setVisible(visible)
      .setText(`Pot · ${count}`)
      .setFontSize(readable(size * 0.6))
      .setPosition(at.x, at.y + size * 0.7);
  }

  get potPoint(): Point {
    return { x: this.potChips.x, y: this.potChips.y };
  }

  /**
   * The gold final-round strip (hidden when `text` is empty). `within`: on a desktop it sits in the
   * top bar between the header line and the toolbar, on one line, shortened to fit (the toolbar
   * grew: "Link · Invite · Sound" covered the end of it at 1280x720); centred where it can be.
   */
  finalRound(text: string, at: Point & { w: number }, portrait: boolean, within?: { left: number; right: number }): void {
    const show = text !== "";
    this.finalBg.setVisible(show);
    this.finalText.setVisible(show);
    if (!show) return;
    const fs = portrait ? MIN_TEXT : 16;
    let x = at.x;
    if (within && !portrait) {
      const short = text.replace(/ · last turns: .*$/, "");
      fitLine(
        this.finalText.setWordWrapWidth(null).setAlign("center"),
        [text, short, short.replace(/ · .*$/, "")],
        within.right - within.left - 28,
        fs,
        14,
      );
      x = centreBetween(this.finalText.displayWidth + 28, within.left, within.right, at.x);
      this.finalText.setPosition(x, at.y);
    } else
      this.finalText
        .setText(text)
        .setFontSize(fs)
        .setWordWrapWidth(at.w - 20, true)
        .setAlign("center")
        .setPosition(at.x, at.y);
    const w = within && !portrait ? this.finalText.displayWidth + 28 : Math.min(at.w, this.finalText.displayWidth + 28);
    const h = this.finalText.displayHeight + 10;
    this.finalBg
      .clear()
      .fillStyle(0xffd54a, 1)
      .fillRoundedRect(x - w / 2, at.y - h / 2, w, h, h / 2);
    this.finalBg.lineStyle(3, 0x7a3d00, 1).strokeRoundedRect(x - w / 2, at.y - h / 2, w, h, h / 2);
  }
}
