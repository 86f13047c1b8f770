/**
 * Devil's Scat card faces and the card back, painted on canvases and registered as Phaser
 * textures on first use (`card:10H`, `card:back`). Any id is drawn, so an unexpected card still
 * shows. The card size (CARD_W x CARD_H) is shared by every deck's art.
 */
import type Phaser from "phaser";
import { splitCard } from "@scat/shared";
import type { CardArt } from "./card-view.ts";
import { suitIcon, suitStyle } from "./suit-art.ts";

export const CARD_W = 180;
export const CARD_H = 252;
export const CARD_RATIO = CARD_H / CARD_W;
export const FONT = '"DejaVu Sans", "Liberation Sans", "Helvetica Neue", Arial, sans-serif';

const FACES = new Set(["J", "Q", "K"]);

export function blank(): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement("canvas");
  canvas.width = CARD_W;
  canvas.height = CARD_H;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("2D canvas unavailable");
  return [canvas, ctx];
}

export function frame(ctx: CanvasRenderingContext2D, fill: string, stroke: string): void {
  ctx.beginPath();
  ctx.roundRect(3, 3, CARD_W - 6, CARD_H - 6, 16);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = 4;
  ctx.strokeStyle = stroke;
  ctx.stroke();
}

function corner(ctx: CanvasRenderingContext2D, rank: string, suit: string, color: string): void {
  ctx.fillStyle = color;
  ctx.font = `bold ${rank.length > 1 ? 46 : 54}px ${FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  ctx.fillText(rank, 34, 14);
  ctx.drawImage(suitIcon(suit, 40), 14, 70);
}

function centre(ctx: CanvasRenderingContext2D, rank: string, suit: string, color: string): void {
  const cx = CARD_W / 2 + 12;
  const cy = CARD_H / 2 + 8;
  if (FACES.has(rank)) {
    ctx.fillStyle = `${color}1f`;
    ctx.beginPath();
    ctx.roundRect(58, 40, 104, 172, 10);
    ctx.fill();
    ctx.fillStyle = color;
    ctx.font = `bold 78px ${FONT}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(rank, 110, 100);
    ctx.drawImage(suitIcon(suit, 56), 82, 142);
    return;
  }
  const size = rank === "A" ? 118 : 92;
  ctx.drawImage(suitIcon(suit, size), cx - size / 2, cy - size / 2);
}

export function drawFace(card: string): HTMLCanvasElement {
  const [canvas, ctx] = blank();
  const { rank, suit } = splitCard(card);
  const color = suitStyle(suit).color;
  frame(ctx, "#fbf8f1", "#b9b2a0");
  corner(ctx, rank, suit, color);
  centre(ctx, rank, suit, color);
  return canvas;
}

/** A card back: a frame around a diagonal lattice, in a deck's own colours. */
export function latticeBack(fill: string, line: string, lattice: string): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const [canvas, ctx] = blank();
  frame(ctx, fill, line);
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(14, 14, CARD_W - 28, CARD_H - 28, 10);
  ctx.clip();
  ctx.strokeStyle = lattice;
  ctx.lineWidth = 3;
  for (let d = -CARD_H; d < CARD_W + CARD_H; d += 18) {
    ctx.beginPath();
    ctx.moveTo(d, 0);
    ctx.lineTo(d + CARD_H, CARD_H);
    ctx.moveTo(d, CARD_H);
    ctx.lineTo(d + CARD_H, 0);
    ctx.stroke();
  }
  ctx.restore();
  ctx.strokeStyle = line;
  ctx.lineWidth = 3;
  ctx.strokeRect(14, 14, CARD_W - 28, CARD_H - 28);
  return [canvas, ctx];
}

export function drawBack(): HTMLCanvasElement {
  const [canvas, ctx] = latticeBack("#7c1426", "#f1e3c6", "rgba(255, 214, 150, 0.28)");
  ctx.fillStyle = "#4a0a16";
  ctx.beginPath();
  ctx.arc(CARD_W / 2, CARD_H / 2, 40, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.drawImage(suitIcon("X", 52, "#f1e3c6"), CARD_W / 2 - 26, CARD_H / 2 - 26);
  return canvas;
}

export const BACK_KEY = "card:back";

/** The texture key for a card id (or the back), painting it the first time. */
export function cardTexture(textures: Phaser.Textures.TextureManager, card: string | null): string {
  const key = card === null ? BACK_KEY : `card:${card}`;
  if (!textures.exists(key)) textures.addCanvas(key, card === null ? drawBack() : drawFace(card));
  return key;
}

/** The Devil's Scat deck as `CardArt` (the default of `CardSprite`). */
export const scatArt: CardArt = { texture: cardTexture };

const faceUrls = new Map<string, string>();

/** A small image of the card for DOM panels (result tables). */
export function cardImageUrl(card: string): string {
  let url = faceUrls.get(card);
  if (url === undefined) {
    url = drawFace(card).toDataURL();
    faceUrls.set(card, url);
  }
  return url;
}

/** A suit symbol texture (`suit:G`) for canvas labels. */
export function suitTexture(textures: Phaser.Textures.TextureManager, suit: string): string {
  const key = `suit:${suit}`;
  if (!textures.exists(key)) textures.addCanvas(key, suitIcon(suit, 96));
  return key;
}
