/** The green felt table with a wooden rail, drawn to fit any screen. */
import type Phaser from "phaser";
import { COLORS } from "./style.ts";

export function drawFelt(g: Phaser.GameObjects.Graphics, w: number, h: number): void {
  g.clear();
  g.fillStyle(0x1b120b, 1).fillRect(0, 0, w, h);
  const portrait = h > w * 1.1;
  const inset = portrait ? 6 : 14;
  const r = portrait ? 28 : Math.min(w, h) * 0.32;
  g.fillStyle(COLORS.feltEdge, 1).fillRoundedRect(inset, inset, w - inset * 2, h - inset * 2, r);
  g.fillStyle(0x3b2412, 1).fillRoundedRect(inset + 6, inset + 6, w - inset * 2 - 12, h - inset * 2 - 12, r - 4);
  const fx = inset + 12;
  const fw = w - fx * 2;
  const fh = h - fx * 2;
  g.fillStyle(COLORS.feltDark, 1).fillRoundedRect(fx, fx, fw, fh, r - 8);
  // Soft light in the middle of the cloth.
  const steps = 10;
  for (let i = 0; i < steps; i++) {
    const k = 1 - i / steps;
    g.fillStyle(COLORS.felt, 0.16).fillEllipse(w / 2, h / 2, fw * (0.35 + 0.65 * k), fh * (0.35 + 0.65 * k));
  }
  g.lineStyle(2, 0xe6d19a, 0.25).strokeRoundedRect(fx + 10, fx + 10, fw - 20, fh - 20, Math.max(8, r - 18));
}
