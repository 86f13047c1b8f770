/**
 * The standard deck's suits (C D H S) as shapes: club, diamond, heart, spade. Four colours
 * (green, blue, red, black) and, in the Dark shade, light colours on a dark card; the shape
 * always tells the suit, so no suit depends on hue alone.
 */
import { heart } from "./suit-art.ts";

export type Shade = "light" | "dark";

export interface StandardSuit {
  readonly name: string;
  readonly light: string;
  readonly dark: string;
  readonly draw: (ctx: CanvasRenderingContext2D) => void;
}

function diamond(ctx: CanvasRenderingContext2D): void {
  ctx.beginPath();
  ctx.moveTo(0, -1);
  ctx.quadraticCurveTo(0.3, -0.45, 0.78, 0);
  ctx.quadraticCurveTo(0.3, 0.45, 0, 1);
  ctx.quadraticCurveTo(-0.3, 0.45, -0.78, 0);
  ctx.quadraticCurveTo(-0.3, -0.45, 0, -1);
  ctx.fill();
}

function stem(ctx: CanvasRenderingContext2D): void {
  ctx.beginPath();
  ctx.moveTo(0, 0.1);
  ctx.quadraticCurveTo(0.05, 0.75, 0.38, 1);
  ctx.lineTo(-0.38, 1);
  ctx.quadraticCurveTo(-0.05, 0.75, 0, 0.1);
  ctx.fill();
}

function club(ctx: CanvasRenderingContext2D): void {
  for (const [x, y] of [
    [0, -0.52],
    [-0.5, 0.12],
    [0.5, 0.12],
  ] as const) {
    ctx.beginPath();
    ctx.arc(x, y, 0.43, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.beginPath();
  ctx.arc(0, -0.05, 0.25, 0, Math.PI * 2);
  ctx.fill();
  stem(ctx);
}

function spade(ctx: CanvasRenderingContext2D): void {
  ctx.save();
  ctx.translate(0, -0.12);
  ctx.scale(0.95, -0.82);
  heart(ctx);
  ctx.restore();
  stem(ctx);
}

export const STANDARD_SUIT_STYLES: Readonly<Record<string, StandardSuit>> = {
  C: { name: "Clubs", light: "#1f7a34", dark: "#8fe39c", draw: club },
  D: { name: "Diamonds", light: "#1558b8", dark: "#8cc4ff", draw: diamond },
  H: { name: "Hearts", light: "#c62828", dark: "#ff8a80", draw: heart },
  S: { name: "Spades", light: "#1b1b1b", dark: "#f4f1ea", draw: spade },
};

const UNKNOWN: StandardSuit = {
  name: "?",
  light: "#555555",
  dark: "#cccccc",
  draw: (ctx) => {
    ctx.beginPath();
    ctx.arc(0, 0, 0.8, 0, Math.PI * 2);
    ctx.fill();
  },
};

export function standardSuit(suit: string): StandardSuit {
  return STANDARD_SUIT_STYLES[suit] ?? UNKNOWN;
}

export function suitColor(suit: string, shade: Shade): string {
  const s = standardSuit(suit);
  return shade === "dark" ? s.dark : s.light;
}

/** Draws the suit symbol centred at x,y, `size` px wide; `flip` turns it upside down. */
export function drawStandardSuit(
  ctx: CanvasRenderingContext2D,
  suit: string,
  x: number,
  y: number,
  size: number,
  color: string,
  flip = false,
): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 2.1, size / 2.1);
  if (flip) ctx.rotate(Math.PI);
  ctx.fillStyle = color;
  ctx.strokeStyle = color;
  standardSuit(suit).draw(ctx);
  ctx.restore();
}
