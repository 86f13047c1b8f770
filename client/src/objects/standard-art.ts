/**
 * The standard 52-card deck (`10H`, `QS`, `AC`): corner index, pips for 2-10, framed J Q K.
 * Each face comes in two shades: light (cream card) and dark (night-blue card with a crescent),
 * which the double-sided Dark deck uses. Textures: `std:10H`, `std:dark:10H`, `std:back`.
 */
import type Phaser from "phaser";
import { splitCard } from "@scat/shared";
import { blank, CARD_H, CARD_W, FONT, frame, latticeBack } from "./card-art.ts";
import type { CardArt } from "./card-view.ts";
import { drawStandardSuit, suitColor, type Shade } from "./standard-suits.ts";

export const SHADE_LOOK: Readonly<Record<Shade, { fill: string; stroke: string }>> = {
  light: { fill: "#fbf8f1", stroke: "#b9b2a0" },
  dark: { fill: "#1d2236", stroke: "#8d95c2" },
};

/** Pip centres for 2..10 in a unit box (x, y in -1..1). */
const PIPS: Readonly<Record<string, ReadonlyArray<readonly [number, number]>>> = {
  "2": [
    [0, -1],
    [0, 1],
  ],
  "3": [
    [0, -1],
    [0, 0],
    [0, 1],
  ],
  "4": [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  "5": [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  "6": [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
  "7": [
    [-1, -1],
    [1, -1],
    [0, -0.5],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
  "8": [
    [-1, -1],
    [1, -1],
    [0, -0.5],
    [-1, 0],
    [1, 0],
    [0, 0.5],
    [-1, 1],
    [1, 1],
  ],
  "9": [
    [-1, -1],
    [1, -1],
    [-1, -1 / 3],
    [1, -1 / 3],
    [0, 0],
    [-1, 1 / 3],
    [1, 1 / 3],
    [-1, 1],
    [1, 1],
  ],
  "10": [
    [-1, -1],
    [1, -1],
    [0, -2 / 3],
    [-1, -1 / 3],
    [1, -1 / 3],
    [-1, 1 / 3],
    [1, 1 / 3],
    [0, 2 / 3],
    [-1, 1],
    [1, 1],
  ],
};

/** The rank and suit in the top-left corner. */
export function drawIndex(ctx: CanvasRenderingContext2D, rank: string, suit: string, color: string, x = 34, y = 14, scale = 1): void {
  ctx.fillStyle = color;
  ctx.font = `bold ${Math.round((rank.length > 1 ? 44 : 52) * scale)}px ${FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  ctx.fillText(rank, x, y);
  drawStandardSuit(ctx, suit, x, y + 80 * scale, 40 * scale, color);
}

/** A small crescent: the Dark shade's mark (besides the colours). */
export function drawCrescent(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, color: string, background: string): void {
  ctx.save();
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.clip();
  ctx.beginPath();
  ctx.arc(x + r * 0.55, y - r * 0.3, r * 0.85, 0, Math.PI * 2);
  ctx.fillStyle = background;
  ctx.fill();
  ctx.restore();
}

function centre(ctx: CanvasRenderingContext2D, rank: string, suit: string, color: string): void {
  const cx = CARD_W / 2 + 16;
  const cy = CARD_H / 2 + 4;
  const pips = PIPS[rank];
  if (pips) {
    const size = rank === "10" || rank === "9" ? 34 : 38;
    for (const [px, py] of pips) drawStandardSuit(ctx, suit, cx + px * 32, cy + py * 76, size, color, py > 0.01);
    return;
  }
  if (rank === "J" || rank === "Q" || rank === "K") {
    ctx.fillStyle = `${color}24`;
    ctx.beginPath();
    ctx.roundRect(64, 36, 102, 180, 10);
    ctx.fill();
    ctx.strokeStyle = color;
    ctx.lineWidth = 3;
    ctx.stroke();
    ctx.fillStyle = color;
    ctx.font = `bold 76px ${FONT}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(rank, 115, 96);
    drawStandardSuit(ctx, suit, 115, 166, 54, color);
    return;
  }
  drawStandardSuit(ctx, suit, cx, cy, rank === "A" ? 104 : 80, color);
}

/** One face of a standard card in a shade. */
export function drawStandardFace(card: string, shade: Shade = "light"): HTMLCanvasElement {
  const [canvas, ctx] = blank();
  const { rank, suit } = splitCard(card);
  const color = suitColor(suit, shade);
  frame(ctx, SHADE_LOOK[shade].fill, SHADE_LOOK[shade].stroke);
  drawIndex(ctx, rank, suit, color);
  if (shade === "dark") drawCrescent(ctx, 30, CARD_H - 34, 13, "#c9cff0", SHADE_LOOK.dark.fill);
  centre(ctx, rank, suit, color);
  return canvas;
}

export function drawStandardBack(): HTMLCanvasElement {
  const [canvas, ctx] = latticeBack("#173a6b", "#e9e2cf", "rgba(200, 220, 255, 0.25)");
  drawStandardSuit(ctx, "S", CARD_W / 2, CARD_H / 2, 56, "#e9e2cf");
  return canvas;
}

export const STANDARD_BACK_KEY = "std:back";

/** Texture key of a standard face in a shade (null: the back), painted on first use. */
export function standardTexture(textures: Phaser.Textures.TextureManager, card: string | null, shade: Shade = "light"): string {
  const key = card === null ? STANDARD_BACK_KEY : shade === "dark" ? `std:dark:${card}` : `std:${card}`;
  if (!textures.exists(key)) textures.addCanvas(key, card === null ? drawStandardBack() : drawStandardFace(card, shade));
  return key;
}

/** The standard deck as `CardArt` (light faces): `new CardSprite(scene, "10H", standardArt)`. */
export const standardArt: CardArt = { texture: (textures, card) => standardTexture(textures, card) };

const urls = new Map<string, string>();

/** A face as a data URL, for DOM panels (result tables). */
export function standardImageUrl(card: string, shade: Shade = "light"): string {
  const key = `${shade}:${card}`;
  let url = urls.get(key);
  if (url === undefined) {
    url = drawStandardFace(card, shade).toDataURL();
    urls.set(key, url);
  }
  return url;
}
