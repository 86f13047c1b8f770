/**
 * One card of a trick: the double-sided Dark card with the face that counts large, greyed and
 * hatched when it does not count, a gold ring and ★ when it is winning, a points pill, and the
 * player's name.
 */
import Phaser from "phaser";
import { CARD_RATIO } from "../../objects/card-art.ts";
import { DarkCardSprite } from "../../objects/dark-card.ts";
import { fitLine, readable, sharp, textStyle } from "../../objects/style.ts";
import { countsIn, type TrickPlay, type TrickShown } from "./view-model.ts";

export class TrickCard extends Phaser.GameObjects.Container {
  readonly sprite: DarkCardSprite;
  private readonly nameText: Phaser.GameObjects.Text;
  private readonly noteText: Phaser.GameObjects.Text;

  constructor(scene: Phaser.Scene, card: string) {
    super(scene, 0, 0);
    this.sprite = new DarkCardSprite(scene, card, "light");
    this.nameText = sharp(scene.add.text(0, 0, "", textStyle(12, "#ffffff", true)).setOrigin(0.5));
    this.noteText = sharp(scene.add.text(0, 0, "", textStyle(12, "#1b1306", true)).setOrigin(0.5));
    for (const t of [this.nameText, this.noteText]) t.setPadding(5, 2, 5, 2);
    this.nameText.setBackgroundColor("rgba(0,0,0,0.7)");
    this.add([this.sprite, this.nameText, this.noteText]);
    scene.add.existing(this);
  }

  get card(): string | null {
    return this.sprite.card;
  }

  /** Shows `p` of trick `t`; `winning` marks the card taking (or that took) the trick. */
  show(t: TrickShown, p: TrickPlay, name: string, cardW: number, winning: boolean): this {
    const counts = countsIn(t, p);
    const pts = p.points;
    this.sprite.setCard(p.card).setShade(t.shade).setCardWidth(cardW);
    this.sprite.setDimmed(!counts).setMark(winning ? "selected" : "none");
    const fs = readable(cardW * 0.14);
    const h = cardW * CARD_RATIO;
    // A bot's name without "(bot)" when the whole one is too wide (its seat says it is a bot).
    fitLine(this.nameText, [name, name.replace(" (bot)", "")], cardW * 1.3, fs).setPosition(0, -h / 2 + fs * 0.2);
    const notes = [winning ? "★" : "", pts > 0 ? `+${pts}` : "", counts ? "" : "no count"].filter((s) => s !== "");
    this.noteText
      .setText(notes.join(" "))
      .setVisible(notes.length > 0)
      .setFontSize(fs)
      .setPosition(0, h / 2 - fs * 0.2);
    this.noteText.setBackgroundColor(winning ? "#ffd54a" : pts > 0 ? "#ffb3aa" : "#d0d0d0");
    return this;
  }
}
