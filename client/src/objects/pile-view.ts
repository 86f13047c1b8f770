/** A pile in the middle: the face-down deck or the face-up discard pile, clickable when legal. */
import Phaser from "phaser";
import { CARD_RATIO } from "./card-art.ts";
import { CardSprite } from "./card-sprite.ts";
import { canvasTarget, sharp, textStyle } from "./style.ts";
import type { Target } from "../test-hook.ts";

export class PileView extends Phaser.GameObjects.Container {
  private readonly under: CardSprite;
  private readonly top: CardSprite;
  private readonly label: Phaser.GameObjects.Text;
  private clickable = false;

  constructor(
    scene: Phaser.Scene,
    readonly pile: "deck" | "discard",
    onPick: () => void,
  ) {
    super(scene, 0, 0);
    this.under = new CardSprite(scene, null);
    this.top = new CardSprite(scene, null);
    this.label = sharp(scene.add.text(0, 0, "", textStyle(16, "#e8f3ea", true)).setOrigin(0.5, 0));
    this.add([this.under, this.top, this.label]);
    scene.add.existing(this);
    this.top.onClick(() => {
      if (this.clickable) onPick();
    });
  }

  /** `cards` are the visible face-up cards (bottom to top); the deck shows backs. */
  show(count: number, cards: readonly string[], clickable: boolean, cardW: number): void {
    this.clickable = clickable;
    const h = cardW * CARD_RATIO;
    const faceUp = this.pile === "discard";
    const topCard = faceUp ? (cards[cards.length - 1] ?? null) : null;
    const underCard = faceUp ? (cards[cards.length - 2] ?? null) : null;
    this.top.setCard(topCard).setCardWidth(cardW).setVisible(count > 0 || topCard !== null);
    this.under.setCard(underCard).setCardWidth(cardW).setVisible(count > 1);
    this.under.setPosition(faceUp ? -cardW * 0.06 : -3, faceUp ? 4 : 5).setAngle(faceUp ? -6 : 0);
    this.top.setMark(clickable ? "legal" : "none");
    const name = faceUp ? "Discard" : "Deck";
    this.label.setText(`${name} · ${count}`).setPosition(0, h / 2 + 12).setFontSize(Math.max(13, Math.round(cardW * 0.15)));
  }

  /** The top card's position, where drawn cards leave from and discards land. */
  get anchor(): { x: number; y: number } {
    return { x: this.x, y: this.y };
  }

  target(): Target | null {
    return this.top.visible ? canvasTarget(`pile:${this.pile}`, this.top, this.clickable) : null;
  }
}
