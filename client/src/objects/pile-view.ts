/**
 * A pile on the table, clickable when legal: face down (a deck: backs) or face up (a discard
 * pile: its top cards, slightly fanned). Target id `pile:<id>`. Any deck via a `CardFactory`.
 */
import Phaser from "phaser";
import { CARD_RATIO } from "./card-art.ts";
import { spriteFactory } from "./card-sprite.ts";
import type { CardFactory, CardView } from "./card-view.ts";
import { canvasTarget, readable, sharp, textStyle } from "./style.ts";
import type { Target } from "../test-hook.ts";

export interface PileOptions {
  /** Face-up piles show their cards; default: true unless the id is `deck`. */
  readonly faceUp?: boolean;
  /** Caption under the pile, before the count ("Deck · 31"); default from the id. */
  readonly label?: string;
  /** Show the count after the label (default true). */
  readonly showCount?: boolean;
  readonly factory?: CardFactory;
}

export class PileView extends Phaser.GameObjects.Container {
  private readonly under: CardView;
  private readonly top: CardView;
  private readonly label: Phaser.GameObjects.Text;
  private readonly faceUp: boolean;
  private readonly caption: string;
  private clickable = false;

  constructor(
    scene: Phaser.Scene,
    readonly pile: string,
    onPick: () => void,
    private readonly options: PileOptions = {},
  ) {
    super(scene, 0, 0);
    const make = options.factory ?? spriteFactory();
    this.faceUp = options.faceUp ?? pile !== "deck";
    this.caption = options.label ?? pile.charAt(0).toUpperCase() + pile.slice(1);
    this.under = make(scene, null);
    this.top = make(scene, null);
    this.label = sharp(scene.add.text(0, 0, "", textStyle(16, "#e8f3ea", true)).setOrigin(0.5, 0));
    this.add([this.under, this.top, this.label]);
    scene.add.existing(this);
    this.top.onClick(() => {
      if (this.clickable) onPick();
    });
  }

  /** `cards` are the visible face-up cards (bottom to top); face-down piles show backs. */
  show(count: number, cards: readonly string[], clickable: boolean, cardW: number): void {
    this.clickable = clickable;
    const h = cardW * CARD_RATIO;
    const faceUp = this.faceUp;
    const topCard = faceUp ? (cards[cards.length - 1] ?? null) : null;
    const underCard = faceUp ? (cards[cards.length - 2] ?? null) : null;
    // An empty draw pile the player may still draw from (the rules reshuffle the discards into
    // it): its back stays up to be tapped, else the draw the server offers could not be made
    // (a long Dark Hand hand ran the deck out in CI's browser test and the player was stuck).
    const drawableEmpty = !faceUp && clickable && count === 0;
    this.top
      .setCard(topCard)
      .setCardWidth(cardW)
      .setVisible(count > 0 || topCard !== null || drawableEmpty);
    this.under
      .setCard(underCard)
      .setCardWidth(cardW)
      .setVisible(count > 1);
    this.under.setPosition(faceUp ? -cardW * 0.06 : -3, faceUp ? 4 : 5).setAngle(faceUp ? -6 : 0);
    this.top.setMark(clickable ? "legal" : "none");
    const text = this.options.showCount === false ? this.caption : `${this.caption} · ${count}`;
    this.label
      .setText(text)
      .setPosition(0, h / 2 + 12)
      .setFontSize(readable(cardW * 0.15));
  }

  /** The top card object (e.g. to flip a Dark card on the pile). */
  get topCard(): CardView {
    return this.top;
  }

  /** The top card's position, where drawn cards leave from and discards land. */
  get anchor(): { x: number; y: number } {
    return { x: this.x, y: this.y };
  }

  target(): Target | null {
    return this.top.visible ? canvasTarget(`pile:${this.pile}`, this.top, this.clickable) : null;
  }
}
