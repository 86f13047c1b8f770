/**
 * The player's own hand along the bottom: cards keyed by id, legal ones raised and ringed.
 * Any deck: pass a `CardFactory` (default: Devil's Scat sprites; `spriteFactory(standardArt)`,
 * `shadeSwitch.factory()` for Dark cards).
 */
import type Phaser from "phaser";
import { CARD_RATIO } from "./card-art.ts";
import { spriteFactory } from "./card-sprite.ts";
import type { CardFactory, CardView } from "./card-view.ts";
import { canvasTarget } from "./style.ts";
import type { Target } from "../test-hook.ts";
import { cardRefused, reducedMotion } from "../a11y/refusal.ts";

export interface HandPlace {
  readonly cx: number;
  readonly cy: number;
  readonly cardW: number;
  readonly maxWidth: number;
  /**
   * Two rows when one row would leave a card less than this many px to tap (a 13-card hand on
   * a phone): the first half of the hand in a row `rowGap` px higher, behind the second half.
   * Unset: always one row.
   */
  readonly minStep?: number;
  readonly rowGap?: number;
}

export interface HandMarks {
  /** Picked cards (e.g. chosen for a pass): ringed gold and raised higher. */
  readonly selected?: ReadonlySet<string>;
  /** Cards that do not count: hatched (`CardSprite.setDimmed`). */
  readonly dimmed?: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

export class HandView {
  private readonly sprites = new Map<string, CardView>();
  private order: string[] = [];
  private legal: ReadonlySet<string> = NONE;
  private marks: HandMarks = {};
  private place: HandPlace = { cx: 0, cy: 0, cardW: 100, maxWidth: 400 };

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly onPick: (card: string) => void,
    private readonly make: CardFactory = spriteFactory(),
    /** Target ids are `${prefix}${card}`. */
    private readonly prefix = "card:",
  ) {}

  /** Shows `hand`; `legal` are the cards that may be clicked now (none: all plain). */
  update(hand: readonly string[], legal: ReadonlySet<string>, place: HandPlace, marks: HandMarks = {}): void {
    this.place = place;
    this.legal = new Set(legal);
    this.marks = marks;
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
    if (!this.twoRows(n)) return { x: this.place.cx + (index - (n - 1) / 2) * this.step(n), y: this.place.cy };
    const back = Math.ceil(n / 2);
    const front = index >= back;
    const m = front ? n - back : back;
    const k = front ? index - back : index;
    return { x: this.place.cx + (k - (m - 1) / 2) * this.step(back), y: this.place.cy - (front ? 0 : (this.place.rowGap ?? 0)) };
  }

  /** Whether `n` cards take two rows (see `HandPlace.minStep`). */
  private twoRows(n: number): boolean {
    const { minStep, rowGap } = this.place;
    return minStep !== undefined && rowGap !== undefined && n > 2 && this.step(n) < minStep;
  }

  /** The card objects in hand order (e.g. to flip one). */
  views(): CardView[] {
    return this.order.flatMap((c) => this.sprites.get(c) ?? []);
  }

  targets(): Target[] {
    const n = this.order.length;
    const back = this.twoRows(n) ? Math.ceil(n / 2) : 0;
    const at = (i: number): Target | null => {
      const card = this.order[i];
      const s = card === undefined ? undefined : this.sprites.get(card);
      return s ? canvasTarget(`${this.prefix}${card}`, s, this.legal.has(card!)) : null;
    };
    return this.order.flatMap((_card, i) => {
      let t = at(i);
      if (!t) return [];
      // A card overlapped by the next one in its row (drawn above it) shows only its left part:
      // that is where it is tapped (its middle was under its neighbour in a crowded hand).
      const next = i + 1 < n && i + 1 >= back === i >= back ? at(i + 1) : null;
      if (next) {
        const left = t.x - t.w / 2;
        const shown = Math.max(1, Math.min(t.w, next.x - next.w / 2 - left));
        t = { ...t, x: left + shown / 2, w: shown };
      }
      if (i >= back) return [t];
      // A card of the back row shows its top `rowGap` px above the front row: that is where it is tapped.
      const visible = Math.min(t.h, (this.place.rowGap ?? 0) * (t.h / (this.place.cardW * CARD_RATIO)));
      return [{ ...t, y: t.y - t.h / 2 + visible / 2, h: visible }];
    });
  }

  private step(n: number): number {
    const w = this.place.cardW;
    return n <= 1 ? 0 : Math.min(w * 1.08, (this.place.maxWidth - w) / (n - 1));
  }

  /** A click: legal cards go to the game; any other card shakes and asks why (a11y/refusal.ts). */
  private pick(card: string): void {
    const sprite = this.sprites.get(card);
    if (!this.legal.has(card) && sprite) {
      const t = canvasTarget(card, sprite, false);
      if (t) cardRefused({ card, x: t.x, y: t.y - t.h / 2 });
      if (!reducedMotion()) this.scene.tweens.add({ targets: sprite, x: sprite.x + 6, duration: 50, yoyo: true, repeat: 2 });
    }
    this.onPick(card);
  }

  private placeCard(card: string, i: number): void {
    let sprite = this.sprites.get(card);
    const { x, y } = this.slot(i);
    const selected = this.marks.selected?.has(card) === true;
    const lift = this.place.cardW * CARD_RATIO * (selected ? 0.22 : this.legal.has(card) ? 0.12 : 0);
    if (!sprite) {
      sprite = this.make(this.scene, card).onClick(() => this.pick(card));
      sprite.setPosition(x, y + 30).setAlpha(0);
      this.sprites.set(card, sprite);
    }
    sprite.setCardWidth(this.place.cardW).setDepth(10 + i);
    sprite.setMark(selected ? "selected" : this.legal.has(card) ? "legal" : this.legal.size > 0 ? "dim" : "none");
    sprite.setDimmed(this.marks.dimmed?.has(card) === true);
    this.scene.tweens.killTweensOf(sprite);
    this.scene.tweens.add({ targets: sprite, x, y: y - lift, alpha: 1, duration: 180, ease: "Quad.easeOut" });
  }
}
