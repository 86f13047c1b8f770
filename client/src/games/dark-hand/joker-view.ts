/**
 * One Joker on the table (Dark Hand): a tile with its shade's symbol, "on the table" or the
 * holder's name with their token sitting on it, and the "Light Hand!" / "Dark Hand!" button
 * under it whenever `call` with that shade is in `mine.legal`.
 */
import Phaser from "phaser";
import { CanvasButton } from "../../objects/button.ts";
import type { Shade } from "../../objects/dark-card.ts";
import { canvasTarget, readable, sharp, textStyle } from "../../objects/style.ts";
import { TokenRow } from "../../objects/token-row.ts";
import type { Target } from "../../test-hook.ts";
import { SHADE_NAME, SHADE_SYMBOL } from "./view-model.ts";

const LOOK: Readonly<Record<Shade, { fill: number; edge: number; ink: string; button: number }>> = {
  light: { fill: 0xfbf3dc, edge: 0xc9a640, ink: "#4a3a10", button: 0xffe8a0 },
  dark: { fill: 0x1d2a55, edge: 0x9fb4ff, ink: "#e6ecff", button: 0x9fb4ff },
};

export class JokerView extends Phaser.GameObjects.Container {
  private readonly tile: Phaser.GameObjects.Graphics;
  private readonly symbol: Phaser.GameObjects.Text;
  private readonly title: Phaser.GameObjects.Text;
  private readonly holderText: Phaser.GameObjects.Text;
  private readonly token: TokenRow;
  readonly button: CanvasButton;
  private callable = false;

  constructor(
    scene: Phaser.Scene,
    readonly shade: Shade,
    onCall: () => void,
  ) {
    super(scene, 0, 0);
    const look = LOOK[shade];
    this.tile = scene.add.graphics();
    this.symbol = sharp(scene.add.text(0, 0, SHADE_SYMBOL[shade], textStyle(30, look.ink, true)).setOrigin(0.5));
    this.title = sharp(scene.add.text(0, 0, "JOKER", textStyle(12, look.ink, true)).setOrigin(0.5));
    this.holderText = sharp(scene.add.text(0, 0, "", textStyle(14, "#fff6d8", true)).setOrigin(0.5, 0));
    this.holderText.setShadow(0, 1, "#000000", 3, false, true);
    this.token = new TokenRow(scene);
    this.add([this.tile, this.symbol, this.title, this.token, this.holderText]);
    scene.add.existing(this);
    this.setDepth(25);
    this.button = new CanvasButton(
      scene,
      `${SHADE_SYMBOL[shade]} ${SHADE_NAME[shade]} Hand!`,
      look.button,
      () => this.callable && onCall(),
    );
    this.button.setDepth(46).setVisible(false);
  }

  /** `holderName` is null while the Joker is on the table. */
  refresh(
    p: { x: number; y: number },
    w: number,
    holder: number | null,
    holderName: string | null,
    callable: boolean,
    call: { w: number; h: number; y: number; captionW?: number | undefined },
  ): void {
    const look = LOOK[this.shade];
    const h = w * 1.3;
    this.setPosition(p.x, p.y);
    this.callable = callable;
    const g = this.tile.clear();
    g.fillStyle(0x000000, 0.35).fillRoundedRect(-w / 2 + 3, -h / 2 + 4, w, h, 10);
    g.fillStyle(look.fill, holder === null ? 1 : 0.75).fillRoundedRect(-w / 2, -h / 2, w, h, 10);
    g.lineStyle(callable ? 4 : 2, callable ? 0x7cf5b0 : look.edge, 1).strokeRoundedRect(-w / 2, -h / 2, w, h, 10);
    this.symbol.setFontSize(Math.round(w * 0.42)).setPosition(0, -h * 0.16);
    this.title
      .setText(`${SHADE_NAME[this.shade].toUpperCase()}\nJOKER`)
      .setAlign("center")
      .setFontSize(readable(w * 0.13))
      .setPosition(0, h * 0.22);
    this.token
      .setVisible(holder !== null)
      .setPosition(0, -h * 0.16)
      .show(holder === null ? 0 : 1, w * 0.42);
    this.symbol.setAlpha(holder === null ? 1 : 0.35);
    const name = holderName === null ? "on the table" : `${holderName} ${holderName === "You" ? "hold" : "holds"} it`;
    this.holderText
      .setText(name)
      .setFontSize(readable(w * 0.17))
      .setAlign("center")
      .setWordWrapWidth(call.captionW ?? call.w, true)
      .setPosition(0, h / 2 + 4);
    this.button.place(p.x, call.y, call.w, call.h).setVisible(callable);
  }

  /** A short pulse when the Joker is claimed. */
  pulse(): void {
    this.scene.tweens.add({ targets: this, scale: { from: 1.35, to: 1 }, duration: 450, ease: "Back.easeOut" });
  }

  target(): Target | null {
    return this.button.visible ? canvasTarget(`button:call-${this.shade}`, this.button, this.callable) : null;
  }

  override destroy(fromScene?: boolean): void {
    this.button.destroy(fromScene);
    super.destroy(fromScene);
  }
}
