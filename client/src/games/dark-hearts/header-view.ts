/**
 * The strip along the top: hand number, pass direction, game length, the leftover (3 players),
 * one "hearts broken" marker per shade (words and symbols, not only colour).
 */
import Phaser from "phaser";
import type { Shade } from "../../objects/dark-card.ts";
import { fitLine, MIN_TEXT, readable, sharp, textStyle } from "../../objects/style.ts";
import { SHADE_ICON, SHADE_NAME } from "./view-model.ts";

export interface Header {
  readonly text: string;
  readonly short: string;
  readonly broken: Readonly<Record<Shade, boolean>>;
}

const SHADES: readonly Shade[] = ["light", "dark"];

export class HeaderView {
  private readonly bg: Phaser.GameObjects.Graphics;
  private readonly left: Phaser.GameObjects.Text;
  private readonly chips: Phaser.GameObjects.Graphics;
  private readonly marks: Record<Shade, Phaser.GameObjects.Text>;

  constructor(scene: Phaser.Scene) {
    this.bg = scene.add.graphics().setDepth(60);
    this.left = sharp(
      scene.add
        .text(0, 0, "", textStyle(17, "#f6ecd0", true))
        .setOrigin(0, 0.5)
        .setDepth(61),
    );
    this.chips = scene.add.graphics().setDepth(61);
    const mark = (): Phaser.GameObjects.Text =>
      sharp(
        scene.add
          .text(0, 0, "", textStyle(15, "#ffffff", true))
          .setOrigin(0.5)
          .setDepth(62),
      );
    this.marks = { light: mark(), dark: mark() };
  }

  update(header: Header, w: number, barH: number, rightInset: number): void {
    const y = barH / 2 + 4;
    const narrow = w < 700;
    const fs = narrow ? MIN_TEXT : 16;
    this.bg
      .clear()
      .fillStyle(0x000000, 0.35)
      .fillRoundedRect(8, 6, w - 16, barH - 4, 12);
    const x = narrow ? 14 : 22;
    // Shorter and shorter until it fits before the toolbar: the hand and pass matter most, then the target.
    const parts = header.short.split(" · ");
    const lines = [...(narrow ? [] : [header.text]), header.short, parts.slice(0, 2).join(" · "), parts[0] ?? ""];
    // The markers are measured first: the line gets what they leave before the toolbar. Where
    // even the shortest line leaves them too little (a wide toolbar), they take a row under the
    // bar, as on a phone: beside it they ran under the toolbar, the Dark one hidden.
    const end = w - rightInset - 12;
    const marks = this.measureMarks(header, fs);
    this.left.setFontSize(readable(fs)).setText(lines.at(-1) ?? "");
    const beside = !narrow && x + this.left.width + 12 + marks <= end;
    fitLine(this.left, lines, (beside ? end - marks - 12 : w - rightInset) - x, fs).setPosition(x, y);
    if (beside) this.paintMarks(header, fs, y, this.left.x + this.left.width + 12, end, false);
    else this.paintMarks(header, fs, barH + 18, 12, w - 12, true);
  }

  /** Sets the markers' words and returns the width the pair takes. */
  private measureMarks(header: Header, fs: number): number {
    SHADES.forEach((s) =>
      this.marks[s]
        .setText(`${SHADE_ICON[s]} ${SHADE_NAME[s]} ♥ ${header.broken[s] ? "broken" : "not broken"}`)
        .setFontSize(readable(fs - 1)),
    );
    return SHADES.reduce((sum, s) => sum + this.marks[s].width + 16, 8);
  }

  private paintMarks(header: Header, fs: number, y: number, start: number, end: number, narrow: boolean): void {
    const g = this.chips.clear();
    this.measureMarks(header, fs);
    const widths = SHADES.map((s) => this.marks[s].width + 16);
    const total = (widths[0] ?? 0) + (widths[1] ?? 0) + 8;
    let x = narrow ? (start + end) / 2 - total / 2 : Math.max(start, Math.min((start + end) / 2 - total / 2, end - total));
    const h = readable(fs - 1) + 11;
    SHADES.forEach((s, i) => {
      const cw = widths[i] ?? 0;
      const on = header.broken[s];
      g.fillStyle(on ? 0xc0392b : 0x000000, on ? 0.95 : 0.3).fillRoundedRect(x, y - h / 2, cw, h, h / 2);
      g.lineStyle(2, on ? 0xffd0c8 : 0x9fb8a8, on ? 1 : 0.7).strokeRoundedRect(x, y - h / 2, cw, h, h / 2);
      this.marks[s].setPosition(x + cw / 2, y).setColor(on ? "#ffffff" : "#b9d2c2");
      x += cw + 8;
    });
  }
}
