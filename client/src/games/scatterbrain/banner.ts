/** A banner over the table like `card-fx.ts`'s, but wrapped to the screen width (phones too). */
import type Phaser from "phaser";
import { sharp, textStyle } from "../../objects/style.ts";

export function banner(scene: Phaser.Scene, text: string, color = "#ffe27a"): void {
  const { width, height } = scene.scale;
  const size = Math.min(42, width / 16);
  const label = sharp(scene.add.text(width / 2, height * 0.3, text, textStyle(size, color, true)));
  label.setOrigin(0.5).setDepth(90).setStroke("#1a0d00", 8).setAlign("center").setWordWrapWidth(width - 32, true);
  label.setScale(0.6).setAlpha(0);
  scene.tweens.add({ targets: label, scale: 1, alpha: 1, duration: 220, ease: "Back.easeOut" });
  scene.tweens.add({ targets: label, alpha: 0, delay: 1500, duration: 400, onComplete: () => label.destroy() });
}
