/** Short animations any game's event handler can play: a card flying between points, a banner. */
import type Phaser from "phaser";
import { spriteFactory } from "./card-sprite.ts";
import type { CardFactory } from "./card-view.ts";
import { sharp, textStyle } from "./style.ts";

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface FlyOptions {
  readonly delay?: number;
  readonly fromScale?: number;
  readonly toScale?: number;
  /** Card art (default: Devil's Scat). */
  readonly factory?: CardFactory;
}

/** A `card` (null: face down) `width` px wide flies from `from` to `to`, then disappears. */
export function flyCard(scene: Phaser.Scene, from: Point, to: Point, card: string | null, width: number, o: FlyOptions = {}): void {
  const delay = o.delay ?? 0;
  const sprite = (o.factory ?? spriteFactory())(scene, card).setCardWidth(width).setPosition(from.x, from.y).setDepth(80);
  sprite.setAlpha(delay > 0 ? 0 : 1).setScale(o.fromScale ?? 1);
  scene.tweens.add({
    targets: sprite,
    x: to.x,
    y: to.y,
    alpha: { from: 1, to: 1 },
    scale: o.toScale ?? 0.9,
    delay,
    duration: 380,
    ease: "Cubic.easeInOut",
    onComplete: () => sprite.destroy(),
  });
}

/** Big text popping up over the table for 1.5 s ("You knocked!", "SLAP!"). */
export function banner(scene: Phaser.Scene, text: string, color = "#ffe27a"): void {
  const { width, height } = scene.scale;
  const label = sharp(scene.add.text(width / 2, height * 0.3, text, textStyle(Math.min(46, width / 12), color, true)));
  label.setOrigin(0.5).setDepth(90).setStroke("#1a0d00", 8).setScale(0.6).setAlpha(0);
  scene.tweens.add({ targets: label, scale: 1, alpha: 1, duration: 220, ease: "Back.easeOut" });
  scene.tweens.add({ targets: label, alpha: 0, delay: 1500, duration: 400, onComplete: () => label.destroy() });
}
