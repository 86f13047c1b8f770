/**
 * The double-sided Dark deck (`light/dark` ids, e.g. `4H/10D`): the face of the chosen shade
 * fills the card, the other face sits in an inset chip at the bottom right (rank and suit on
 * that shade's colours). `setShade`/`flip` per card; `ShadeSwitch` flips a whole hand.
 * Textures: `dark:4H/10D:light`, `dark:4H/10D:dark`.
 */
import type Phaser from "phaser";
import { blank, CARD_H, CARD_W, FONT } from "./card-art.ts";
import { CardSprite } from "./card-sprite.ts";
import type { CardArt, CardFactory } from "./card-view.ts";
import { drawStandardFace, SHADE_LOOK, standardTexture } from "./standard-art.ts";
import { drawStandardSuit, suitColor, type Shade } from "./standard-suits.ts";

export type { Shade } from "./standard-suits.ts";

export function otherShade(shade: Shade): Shade {
  return shade === "light" ? "dark" : "light";
}

/** `"4H/10D"` -> `{light: "4H", dark: "10D"}` (an id without `/` shows the same face twice). */
export function darkFaces(id: string): { light: string; dark: string } {
  const i = id.indexOf("/");
  return i < 0 ? { light: id, dark: id } : { light: id.slice(0, i), dark: id.slice(i + 1) };
}

function insetChip(ctx: CanvasRenderingContext2D, card: string, shade: Shade, outline: string): void {
  const w = 78;
  const h = 98;
  const x = CARD_W - w - 8;
  const y = CARD_H - h - 8;
  ctx.save();
  ctx.shadowColor = "rgba(0, 0, 0, 0.45)";
  ctx.shadowBlur = 6;
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, 12);
  ctx.fillStyle = SHADE_LOOK[shade].fill;
  ctx.fill();
  ctx.restore();
  ctx.lineWidth = 4;
  ctx.strokeStyle = outline;
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, 12);
  ctx.stroke();
  const rank = card.slice(0, -1);
  const suit = card.slice(-1);
  const color = suitColor(suit, shade);
  ctx.fillStyle = color;
  ctx.font = `bold ${rank.length > 1 ? 38 : 44}px ${FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  ctx.fillText(rank, x + w / 2, y + 8);
  drawStandardSuit(ctx, suit, x + w / 2, y + 72, 36, color);
}

/** The whole card seen with `shade` up: that face large, the other in the inset. */
export function drawDarkCard(id: string, shade: Shade): HTMLCanvasElement {
  const f = darkFaces(id);
  const [canvas, ctx] = blank();
  ctx.drawImage(drawStandardFace(f[shade], shade), 0, 0);
  insetChip(ctx, f[otherShade(shade)], otherShade(shade), SHADE_LOOK[shade].stroke);
  return canvas;
}

/** Texture key of a Dark card with `shade` up (null: the standard back), painted on first use. */
export function darkTexture(textures: Phaser.Textures.TextureManager, id: string | null, shade: Shade): string {
  if (id === null) return standardTexture(textures, null);
  const key = `dark:${id}:${shade}`;
  if (!textures.exists(key)) textures.addCanvas(key, drawDarkCard(id, shade));
  return key;
}

/** Dark cards with a fixed shade up, as plain `CardArt` (for `CardSprite`, piles, animations). */
export function darkArt(shade: Shade): CardArt {
  return { texture: (textures, card) => darkTexture(textures, card, shade) };
}

const urls = new Map<string, string>();

/** A Dark card as a data URL, for DOM panels. */
export function darkImageUrl(id: string, shade: Shade): string {
  const key = `${id}:${shade}`;
  let url = urls.get(key);
  if (url === undefined) {
    url = drawDarkCard(id, shade).toDataURL();
    urls.set(key, url);
  }
  return url;
}

export class DarkCardSprite extends CardSprite {
  private shadeUp: Shade = "light";

  constructor(scene: Phaser.Scene, card: string | null, shade: Shade = "light") {
    super(scene, card);
    this.shadeUp = shade;
    this.setCard(card);
  }

  get shade(): Shade {
    return this.shadeUp;
  }

  /** Which face is large; `animate` turns the card over. */
  setShade(shade: Shade, animate = false): this {
    if (shade === this.shadeUp) return this;
    this.shadeUp = shade;
    if (!animate || !this.scene) return this.setCard(this.card);
    // The inner image turns, so the hand's position tweens never cut the flip short.
    this.scene.tweens.killTweensOf(this.image);
    this.setCardWidth(this.cardWidth);
    this.scene.tweens.add({
      targets: this.image,
      scaleX: 0,
      duration: 110,
      yoyo: true,
      ease: "Quad.easeIn",
      onYoyo: () => this.setCard(this.card),
      onComplete: () => this.setCardWidth(this.cardWidth),
    });
    return this;
  }

  flip(animate = true): this {
    return this.setShade(otherShade(this.shadeUp), animate);
  }

  protected override textureFor(card: string | null): string {
    return darkTexture(this.scene.textures, card, this.shadeUp ?? "light");
  }
}

/**
 * The shade of a whole hand: its `factory()` makes Dark cards with the current shade up, and
 * `set`/`toggle` turn every card it made (per-card `setShade` still works in between).
 */
export class ShadeSwitch {
  private readonly sprites = new Set<DarkCardSprite>();

  constructor(private current: Shade = "light") {}

  get shade(): Shade {
    return this.current;
  }

  factory(): CardFactory {
    return (scene, card) => {
      const sprite = new DarkCardSprite(scene, card, this.current);
      this.sprites.add(sprite);
      sprite.once("destroy", () => this.sprites.delete(sprite));
      return sprite;
    };
  }

  set(shade: Shade, animate = true): void {
    this.current = shade;
    for (const s of this.sprites) s.setShade(shade, animate);
  }

  toggle(animate = true): Shade {
    this.set(otherShade(this.current), animate);
    return this.current;
  }
}
