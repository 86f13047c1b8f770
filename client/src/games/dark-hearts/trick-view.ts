/**
 * The trick in the middle of the table: each card in front of the seat that played it, with a
 * caption (trick number, shade, suit, leader). A finished trick stays until the next lead, then slides to its taker.
 */
import Phaser from "phaser";
import { CARD_RATIO } from "../../objects/card-art.ts";
import { readable, sharp, textStyle } from "../../objects/style.ts";
import type { Point } from "./layout.ts";
import { TrickCard } from "./trick-card.ts";
import { SHADE_ICON, SHADE_NAME, suitName, type TrickPlay, type TrickShown } from "./view-model.ts";

export interface TrickPlace extends Point {
  readonly cardW: number;
  readonly reachX: number;
  readonly reachY: number;
  /** Seats at the table and the own seat (the bottom spot). */
  readonly seats: number;
  readonly mySeat: number;
}

export function trickCaption(t: TrickShown, number: number, leader: string): string {
  const no = number > 0 ? `Trick ${number} · ` : "";
  return `${no}${SHADE_ICON[t.shade]} ${SHADE_NAME[t.shade]} ${suitName(t.suit)} · led by ${leader}`;
}

export class TrickView {
  private readonly cards = new Map<string, TrickCard>();
  /** Who takes (or took) the trick shown. */
  private taker: number | null = null;
  private readonly caption: Phaser.GameObjects.Text;
  private place: TrickPlace = { x: 0, y: 0, cardW: 80, reachX: 80, reachY: 60, seats: 4, mySeat: 0 };

  constructor(private readonly scene: Phaser.Scene) {
    this.caption = sharp(
      scene.add
        .text(0, 0, "", textStyle(16, "#fff6d8", true))
        .setOrigin(0.5, 1)
        .setDepth(31),
    );
    this.caption.setShadow(0, 2, "#000000", 4, false, true);
  }

  /** Where `seat`'s card lies: the own seat at the bottom, the others clockwise around. */
  spot(seat: number): Point {
    const p = this.place;
    const rel = (seat - p.mySeat + p.seats) % Math.max(1, p.seats);
    const a = Math.PI / 2 + (rel * Math.PI * 2) / Math.max(1, p.seats);
    return { x: p.x + Math.cos(a) * p.reachX, y: p.y + Math.sin(a) * p.reachY };
  }

  get cardWidth(): number {
    return this.place.cardW;
  }

  /**
   * Shows `t` (the trick in play, or the finished one until the next lead). `from`: where a
   * player's card comes from and where a finished trick goes (its taker).
   */
  update(t: TrickShown | null, place: TrickPlace, caption: string, name: (seat: number) => string, from: (seat: number) => Point): void {
    this.place = place;
    const plays = t?.plays ?? [];
    for (const [card, view] of this.cards) {
      if (plays.some((p) => p.card === card)) continue;
      this.cards.delete(card);
      this.sweep(view, this.taker === null ? null : from(this.taker));
    }
    plays.forEach((p, i) => {
      if (t) this.place1(t, p, i, name(p.seat), from);
    });
    this.taker = t ? (t.winner ?? t.winning) : null;
    const top = place.y - place.reachY - place.cardW * CARD_RATIO * 0.5 - 14;
    this.caption
      .setText(t ? caption : "")
      .setFontSize(readable(place.cardW * 0.18))
      .setAlign("center")
      .setWordWrapWidth(this.scene.scale.width - 16, true)
      .setPosition(place.x, top);
  }

  private place1(t: TrickShown, p: TrickPlay, i: number, name: string, from: (seat: number) => Point): void {
    let view = this.cards.get(p.card);
    const at = this.spot(p.seat);
    if (!view) {
      const start = from(p.seat);
      view = new TrickCard(this.scene, p.card).setPosition(start.x, start.y).setScale(0.6);
      this.cards.set(p.card, view);
    }
    this.scene.tweens.killTweensOf(view);
    this.scene.tweens.add({ targets: view, x: at.x, y: at.y, scale: 1, duration: 260, ease: "Cubic.easeOut" });
    view.setDepth(30 + i).show(t, p, name, this.place.cardW, (t.winner ?? t.winning) === p.seat);
  }

  /** A card of a finished trick slides to its taker and fades. */
  private sweep(view: TrickCard, to: Point | null): void {
    this.scene.tweens.killTweensOf(view);
    if (!to) {
      view.destroy();
      return;
    }
    view.setDepth(24);
    this.scene.tweens.add({
      targets: view,
      x: to.x,
      y: to.y,
      scale: 0.4,
      alpha: 0,
      duration: 420,
      ease: "Cubic.easeIn",
      onComplete: () => view.destroy(),
    });
  }

  destroy(): void {
    for (const v of this.cards.values()) v.destroy();
    this.cards.clear();
    this.caption.destroy();
  }
}
