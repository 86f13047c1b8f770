/** The player's own hand along the bottom: cards keyed by id, legal ones raised and ringed. */
import type Phaser from "phaser";
import { CARD_RATIO } from "./card-art.ts";
import { CardSprite } from "./card-sprite.ts";
import { canvasTarget } from "./style.ts";
import type { Target } from "../test-hook.ts";

export interface HandPlace {
  readonly cx: number;
  readonly cy: number;
  readonly cardW: number;
  readonly maxWidth: number;
}

export class HandView {
  private readonly sprites = new Map<string, CardSprite>();
  private order: string[] = [];
  private legal = new Set<string>();
  private place: HandPlace = { cx: 0, cy: 0, cardW: 100, maxWidth: 400 };

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly onPick: (card: string) => void,
  ) {}

  /** Shows `hand`; `legal` are the cards that may be clicked now (none: all plain). */
  update(hand: readonly string[], legal: ReadonlySet<string>, place: HandPlace): void {
    this.place = place;
    this.legal = new Set(legal);
    for (const [card, sprite] of this.sprites) {
      if (!hand.includes(card)) {
        sprite.destroy();
        this.sprites.delete(card);
      }
    }
    this.order = [...hand];
    this.order.forEach((card, i) => this.placeCard(card, i));
  }

  /** Where a card arriving in the hand should fly to. */
  slot(index: number): { x: number; y: number } {
    const n = Math.max(this.order.length, index + 1);
    const step = this.step(n);
    return { x: this.place.cx + (index - (n - 1) / 2) * step, y: this.place.cy };
  }

  targets(): Target[] {
    return this.order.flatMap((card) => {
      const s = this.sprites.get(card);
      const t = s ? canvasTarget(`card:${card}`, s, this.legal.has(card)) : null;
      return t ? [t] : [];
    });
  }

  private step(n: number): number {
    const w = this.place.cardW;
    return n <= 1 ? 0 : Math.min(w * 1.08, (this.place.maxWidth - w) / (n - 1));
  }

  private placeCard(card: string, i: number): void {
    let sprite = this.sprites.get(card);
    const { x, y } = this.slot(i);
    const lift = this.legal.has(card) ? this.place.cardW * CARD_RATIO * 0.12 : 0;
    if (!sprite) {
      sprite = new CardSprite(this.scene, card).onClick(() => this.onPick(card));
      sprite.setPosition(x, y + 30).setAlpha(0);
      this.sprites.set(card, sprite);
    }
    sprite.setCardWidth(this.place.cardW).setDepth(10 + i);
    sprite.setMark(this.legal.has(card) ? "legal" : this.legal.size > 0 ? "dim" : "none");
    this.scene.tweens.killTweensOf(sprite);
    this.scene.tweens.add({ targets: sprite, x, y: y - lift, alpha: 1, duration: 180, ease: "Quad.easeOut" });
  }
}
