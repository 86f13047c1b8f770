/**
 * Hit the Deck's colours and shapes: every colour has its own symbol (red circle, yellow star,
 * green triangle, blue square) as well as its hue, plus the hand drawn on WITH A HAND cards and
 * in the slap race. Shapes are drawn in a unit box centred on 0,0 with a half-size of 1.
 */
export type ColourKey = "R" | "Y" | "G" | "B";

export interface ColourLook {
  readonly name: string;
  /** Card fill. */
  readonly fill: string;
  /** Darker tone for text on cream. */
  readonly ink: string;
  /** The symbol as text (header, prompts). */
  readonly glyph: string;
  readonly draw: (ctx: CanvasRenderingContext2D) => void;
}

function circle(ctx: CanvasRenderingContext2D): void {
  ctx.beginPath();
  ctx.arc(0, 0, 0.92, 0, Math.PI * 2);
  ctx.fill();
}

function star(ctx: CanvasRenderingContext2D): void {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? 1.05 : 0.45;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    ctx.lineTo(Math.cos(a) * r, Math.sin(a) * r + 0.1);
  }
  ctx.closePath();
  ctx.fill();
}

function triangle(ctx: CanvasRenderingContext2D): void {
  ctx.beginPath();
  ctx.moveTo(0, -0.95);
  ctx.lineTo(1, 0.8);
  ctx.lineTo(-1, 0.8);
  ctx.closePath();
  ctx.fill();
}

function square(ctx: CanvasRenderingContext2D): void {
  ctx.beginPath();
  ctx.roundRect(-0.8, -0.8, 1.6, 1.6, 0.12);
  ctx.fill();
}

export const COLOURS: Readonly<Record<ColourKey, ColourLook>> = {
  R: { name: "Red", fill: "#d7352b", ink: "#b01f17", glyph: "●", draw: circle },
  Y: { name: "Yellow", fill: "#f0bd16", ink: "#8a6400", glyph: "★", draw: star },
  G: { name: "Green", fill: "#2f9a4b", ink: "#1a6e31", glyph: "▲", draw: triangle },
  B: { name: "Blue", fill: "#2e6fd8", ink: "#1b4fa8", glyph: "■", draw: square },
};

export function isColour(c: string | undefined): c is ColourKey {
  return c === "R" || c === "Y" || c === "G" || c === "B";
}

/** The colour's symbol at (x, y), `size` px across, with an optional outline. */
export function drawGlyph(
  ctx: CanvasRenderingContext2D,
  colour: ColourKey,
  x: number,
  y: number,
  size: number,
  fill?: string,
  outline?: string,
): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 2, size / 2);
  if (outline) {
    ctx.save();
    ctx.scale(1.18, 1.18);
    ctx.fillStyle = outline;
    COLOURS[colour].draw(ctx);
    ctx.restore();
  }
  ctx.fillStyle = fill ?? COLOURS[colour].fill;
  COLOURS[colour].draw(ctx);
  ctx.restore();
}

/** An open hand, palm towards the viewer, `size` px tall, centred on (x, y). */
export function drawHand(ctx: CanvasRenderingContext2D, x: number, y: number, size: number, fill: string, stroke: string): void {
  const u = size / 2;
  ctx.save();
  ctx.translate(x, y);
  ctx.fillStyle = fill;
  ctx.strokeStyle = stroke;
  ctx.lineWidth = Math.max(2, size * 0.045);
  ctx.lineJoin = "round";
  const fingers: Array<[number, number, number]> = [
    [-0.5, -0.62, 0.62],
    [-0.17, -0.88, 0.9],
    [0.16, -0.92, 0.94],
    [0.48, -0.72, 0.72],
  ];
  ctx.beginPath();
  for (const [fx, top, len] of fingers) ctx.roundRect((fx - 0.14) * u, top * u, 0.28 * u, (len + 0.3) * u, 0.14 * u);
  ctx.roundRect(-0.66 * u, -0.15 * u, 1.3 * u, 1.05 * u, 0.32 * u);
  ctx.fill();
  ctx.stroke();
  ctx.save();
  ctx.translate(-0.55 * u, 0.2 * u);
  ctx.rotate(0.9);
  ctx.beginPath();
  ctx.roundRect(-0.15 * u, -0.62 * u, 0.3 * u, 0.7 * u, 0.15 * u);
  ctx.fill();
  ctx.stroke();
  ctx.restore();
  ctx.beginPath();
  ctx.roundRect(-0.6 * u, -0.1 * u, 1.2 * u, 0.95 * u, 0.3 * u);
  ctx.fill();
  ctx.restore();
}

/** A stand-alone hand texture source (race view): `size` px square. */
export function handCanvas(size: number, fill: string, stroke: string): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext("2d");
  if (ctx) drawHand(ctx, size / 2, size / 2 + size * 0.04, size * 0.9, fill, stroke);
  return canvas;
}
