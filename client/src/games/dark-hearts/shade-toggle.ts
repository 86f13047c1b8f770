/**
 * The Light / Dark switch: which face of the hand is shown large and, when leading, the shade
 * the lead is played in. Two segments with a sun and a moon (not only colour); the chosen one
 * is filled in its shade's card colour with a gold rim. Targets `button:shade-light|dark`.
 */
import Phaser from "phaser";
import type { Shade } from "../../objects/dark-card.ts";
import { canvasTarget, COLORS, MIN_TEXT, readable, sharp, textStyle } from "../../objects/style.ts";
import type { Target } from "../../test-hook.ts";
import type { Box } from "./layout.ts";
import { SHADE_ICON, SHADE_NAME } from "./view-model.ts";

const SHADES: readonly Shade[] = ["light", "dark"];
const FILL: Record<Shade, number> = { light: 0xfbf8f1, dark: 0x1d2236 };
const INK: Record<Shade, string> = { light: "#1b1306", dark: "#e9ecff" };

export class ShadeToggle extends Phaser.GameObjects.Container {
  private readonly bg: Phaser.GameObjects.Graphics;
  private readonly title: Phaser.GameObjects.Text;
  private readonly labels: Record<Shade, Phaser.GameObjects.Text>;
  private readonly zones: Record<Shade, Phaser.GameObjects.Zone>;
  private chosen: Shade = "light";
  private enabled: Record<Shade, boolean> = { light: true, dark: true };
  private box: Box = { x: 0, y: 0, w: 200, h: 48 };

  constructor(scene: Phaser.Scene, onPick: (shade: Shade) => void) {
    super(scene, 0, 0);
    this.bg = scene.add.graphics();
    this.title = sharp(scene.add.text(0, 0, "", textStyle(13, "#fff6d8", true)).setOrigin(0.5, 1));
    this.title.setShadow(0, 1, "#000000", 3, false, true);
    const make = (s: Shade): Phaser.GameObjects.Text =>
      sharp(scene.add.text(0, 0, `${SHADE_ICON[s]} ${SHADE_NAME[s]}`, textStyle(18, INK[s], true)).setOrigin(0.5));
    this.labels = { light: make("light"), dark: make("dark") };
    const zone = (s: Shade): Phaser.GameObjects.Zone =>
      scene.add
        .zone(0, 0, 10, 10)
        .setInteractive({ useHandCursor: true })
        .on("pointerup", () => {
          if (this.visible && this.enabled[s]) onPick(s);
        });
    this.zones = { light: zone("light"), dark: zone("dark") };
    this.add([this.bg, this.title, this.labels.light, this.labels.dark, this.zones.light, this.zones.dark]);
    scene.add.existing(this);
    this.setDepth(46);
  }

  /** `title`: "Lead in" while leading, "Show" otherwise. */
  show(box: Box, chosen: Shade, enabled: Record<Shade, boolean>, title: string): this {
    this.box = box;
    this.chosen = chosen;
    this.enabled = enabled;
    this.setPosition(box.x, box.y);
    this.title
      .setText(title)
      .setPosition(0, -box.h / 2 - 3)
      .setFontSize(readable(box.h * 0.28));
    this.paint();
    return this;
  }

  private paint(): void {
    const { w, h } = this.box;
    const g = this.bg.clear();
    g.fillStyle(0x000000, 0.45).fillRoundedRect(-w / 2, -h / 2, w, h, h / 2);
    SHADES.forEach((s, i) => {
      const x0 = -w / 2 + (i * w) / 2;
      const cx = x0 + w / 4;
      const on = s === this.chosen;
      if (on) {
        g.fillStyle(FILL[s], 1).fillRoundedRect(x0 + 3, -h / 2 + 3, w / 2 - 6, h - 6, (h - 6) / 2);
        g.lineStyle(3, COLORS.turn, 1).strokeRoundedRect(x0 + 3, -h / 2 + 3, w / 2 - 6, h - 6, (h - 6) / 2);
      }
      const label = this.labels[s];
      const words = `${SHADE_ICON[s]} ${SHADE_NAME[s]}`;
      label.setText(`${on ? "✓ " : ""}${words}`).setColor(on ? INK[s] : "#d8d8d8");
      let size = readable(h * 0.36);
      label
        .setFontSize(size)
        .setPosition(cx, 0)
        .setAlpha(this.enabled[s] ? 1 : 0.35);
      while (label.width > w / 2 - 8 && size > MIN_TEXT) label.setFontSize(--size);
      // A phone's narrow toggle: the chosen half keeps its fill and ring, without the tick.
      if (label.width > w / 2 - 8) label.setText(words);
      this.zones[s].setPosition(cx, 0).setSize(w / 2, h);
      this.zones[s].input?.hitArea?.setTo(0, 0, w / 2, h);
    });
    g.lineStyle(2, 0xffffff, 0.35).strokeRoundedRect(-w / 2, -h / 2, w, h, h / 2);
  }

  targets(): Target[] {
    if (!this.visible) return [];
    return SHADES.flatMap((s) => canvasTarget(`button:shade-${s}`, this.zones[s], this.enabled[s]) ?? []);
  }
}
