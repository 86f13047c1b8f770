/**
 * The strip along the top (hand number, goal, direction of play, the open demand) and
 * the direction ring round the piles: arrows turning the way play goes.
 */
import Phaser from "phaser";
import { centreBetween, MIN_TEXT, sharp, textStyle } from "../../objects/style.ts";
import type { Point } from "./layout.ts";
import type { Header } from "./view-model.ts";

export class HeaderView {
  private readonly bg: Phaser.GameObjects.Graphics;
  private readonly left: Phaser.GameObjects.Text;
  private readonly mid: Phaser.GameObjects.Text;

  constructor(scene: Phaser.Scene) {
    this.bg = scene.add.graphics().setDepth(60);
    this.left = sharp(
      scene.add
        .text(0, 0, "", textStyle(17, "#f6ecd0", true))
        .setOrigin(0, 0.5)
        .setDepth(61),
    );
    this.mid = sharp(
      scene.add
        .text(0, 0, "", textStyle(17, "#ffffff", true))
        .setOrigin(0.5, 0.5)
        .setDepth(61),
    );
  }

  update(header: Header, w: number, barH: number, rightInset: number): void {
    const y = barH / 2 + 4;
    const narrow = w < 600;
    const fs = narrow ? MIN_TEXT : 17;
    this.bg
      .clear()
      .fillStyle(0x000000, 0.35)
      .fillRoundedRect(8, 6, w - 16, barH - 4, 12);
    const x = narrow ? 14 : 22;
    const dir = header.direction === 1 ? "⟳ left" : "⟲ right";
    const demand = header.demand ? `  ·  Must play ${header.demand}` : "";
    // The longest lines that fit before the toolbar (rightInset): the left line shortens first
    // ("Hand 2 · Game to 100", "Hand 2 · to 100", "Hand 2"), then the direction's words go; a
    // demand matters more than the hand's number. A desktop table narrowed by a docked panel (chat,
    // keyboard table) and a phone whose toolbar is full both need it; the ring round the piles
    // shows the direction too (on a desktop with its caption).
    const arrow = dir.charAt(0);
    const mids = [
      ...(narrow ? [] : [`Play goes ${dir}${demand}`]),
      `${dir}${demand}`,
      demand ? `${arrow} Must play ${header.demand}` : arrow,
    ];
    const lefts = [...(narrow ? [] : [header.left]), header.left.replace("Game to ", "to "), header.left.replace(/ · .*$/, "")];
    const room = w - rightInset - 12 - x - (narrow ? 12 : 24);
    const fit = (): boolean => {
      for (const m of mids) {
        this.mid.setText(m).setFontSize(fs);
        for (const l of lefts) {
          this.left.setText(l).setFontSize(fs);
          if (this.left.width + this.mid.width <= room) return true;
        }
      }
      return false;
    };
    if (!fit()) this.left.setText("");
    this.left.setPosition(x, y);
    const midX = centreBetween(
      this.mid.width,
      this.left.x + this.left.width + (this.left.text ? 12 : 0),
      w - rightInset - 12,
      narrow ? 0 : w / 2,
    );
    this.mid.setPosition(midX, y).setColor(header.demand ? "#ffe27a" : "#ffffff");
  }
}

/** Arrows round the piles, turning clockwise for "left" (+1) and the other way for "right". */
export class DirectionRing {
  private readonly g: Phaser.GameObjects.Graphics;
  private readonly label: Phaser.GameObjects.Text;

  constructor(scene: Phaser.Scene) {
    this.g = scene.add.graphics().setDepth(2);
    this.label = sharp(
      scene.add
        .text(0, 0, "", textStyle(14, "#d8f5e0", true))
        .setOrigin(0.5)
        .setDepth(3),
    );
  }

  /** `caption`: "⟳ play goes left" under the ring (not on a phone: the top bar says it there). */
  show(at: Point & { rx: number; ry: number }, direction: 1 | -1, visible: boolean, caption = true): void {
    const g = this.g.clear();
    this.label.setVisible(visible && caption);
    if (!visible) return;
    g.lineStyle(4, 0xd8f5e0, 0.45);
    const arcs: Array<[number, number]> = [
      [-2.7, -0.45],
      [0.45, 2.7],
    ];
    for (const [a0, a1] of arcs) {
      const pts: Phaser.Math.Vector2[] = [];
      for (let i = 0; i <= 24; i++) {
        const a = a0 + ((a1 - a0) * i) / 24;
        pts.push(new Phaser.Math.Vector2(at.x + Math.cos(a) * at.rx, at.y + Math.sin(a) * at.ry));
      }
      g.strokePoints(pts);
      this.head(g, at, direction === 1 ? a1 : a0, direction);
    }
    this.label.setText(direction === 1 ? "⟳ play goes left" : "⟲ play goes right").setPosition(at.x, at.y + at.ry + 14);
  }

  private head(g: Phaser.GameObjects.Graphics, at: Point & { rx: number; ry: number }, a: number, direction: 1 | -1): void {
    const x = at.x + Math.cos(a) * at.rx;
    const y = at.y + Math.sin(a) * at.ry;
    const tx = -Math.sin(a) * at.rx * direction;
    const ty = Math.cos(a) * at.ry * direction;
    const len = Math.hypot(tx, ty) || 1;
    const ux = tx / len;
    const uy = ty / len;
    const s = 14;
    g.fillStyle(0xd8f5e0, 0.7).fillTriangle(x + ux * s, y + uy * s, x - uy * s * 0.6, y + ux * s * 0.6, x + uy * s * 0.6, y - ux * s * 0.6);
  }
}
