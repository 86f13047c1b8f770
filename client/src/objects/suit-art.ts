/**
 * Devil's Scat suits drawn procedurally. Each suit has its own silhouette (heart, star, gem,
 * swirl, skull) as well as its own colour, so no suit is told apart by hue alone.
 */
export interface SuitStyle {
  readonly name: string;
  readonly color: string;
  readonly draw: (ctx: CanvasRenderingContext2D) => void;
}

/** Shapes are drawn in a unit box centred on 0,0 with a half-size of 1. */
export function heart(ctx: CanvasRenderingContext2D): void {
  ctx.beginPath();
  ctx.moveTo(0, 0.95);
  ctx.bezierCurveTo(-0.35, 0.6, -1.05, 0.15, -0.98, -0.38);
  ctx.bezierCurveTo(-0.9, -0.98, -0.15, -1.02, 0, -0.5);
  ctx.bezierCurveTo(0.15, -1.02, 0.9, -0.98, 0.98, -0.38);
  ctx.bezierCurveTo(1.05, 0.15, 0.35, 0.6, 0, 0.95);
  ctx.fill();
}

function star(ctx: CanvasRenderingContext2D): void {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? 1.02 : 0.44;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    ctx.lineTo(Math.cos(a) * r, Math.sin(a) * r + 0.08);
  }
  ctx.closePath();
  ctx.fill();
}

function gem(ctx: CanvasRenderingContext2D): void {
  const outline: Array<[number, number]> = [
    [-0.55, -0.72],
    [0.55, -0.72],
    [1, -0.18],
    [0, 0.95],
    [-1, -0.18],
  ];
  ctx.beginPath();
  for (const [x, y] of outline) ctx.lineTo(x, y);
  ctx.closePath();
  ctx.fill();
  ctx.globalCompositeOperation = "destination-out";
  ctx.lineWidth = 0.09;
  ctx.lineJoin = "round";
  ctx.beginPath();
  ctx.moveTo(-0.92, -0.18);
  ctx.lineTo(0.92, -0.18);
  ctx.moveTo(-0.5, -0.68);
  ctx.lineTo(-0.28, -0.18);
  ctx.lineTo(0, 0.8);
  ctx.lineTo(0.28, -0.18);
  ctx.lineTo(0.5, -0.68);
  ctx.moveTo(0, -0.7);
  ctx.lineTo(-0.28, -0.18);
  ctx.moveTo(0, -0.7);
  ctx.lineTo(0.28, -0.18);
  ctx.stroke();
  ctx.globalCompositeOperation = "source-over";
}

function swirl(ctx: CanvasRenderingContext2D): void {
  ctx.lineWidth = 0.24;
  ctx.lineCap = "round";
  ctx.beginPath();
  const turns = 2.6 * Math.PI * 2;
  for (let a = 0; a <= turns; a += 0.08) {
    const r = 0.06 + (0.84 * a) / turns;
    ctx.lineTo(Math.cos(a) * r, Math.sin(a) * r);
  }
  ctx.stroke();
}

function skull(ctx: CanvasRenderingContext2D): void {
  ctx.beginPath();
  ctx.arc(0, -0.2, 0.8, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.roundRect(-0.46, 0.25, 0.92, 0.7, 0.14);
  ctx.fill();
  ctx.globalCompositeOperation = "destination-out";
  for (const x of [-0.32, 0.32]) {
    ctx.beginPath();
    ctx.ellipse(x, -0.18, 0.22, 0.25, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.beginPath();
  ctx.moveTo(0, 0.12);
  ctx.lineTo(-0.11, 0.34);
  ctx.lineTo(0.11, 0.34);
  ctx.closePath();
  ctx.fill();
  ctx.lineWidth = 0.08;
  for (const x of [-0.2, 0, 0.2]) {
    ctx.beginPath();
    ctx.moveTo(x, 0.58);
    ctx.lineTo(x, 0.98);
    ctx.stroke();
  }
  ctx.globalCompositeOperation = "source-over";
}

export const SUIT_STYLES: Readonly<Record<string, SuitStyle>> = {
  H: { name: "Hearts", color: "#d32f2f", draw: heart },
  S: { name: "Stars", color: "#c06a00", draw: star },
  G: { name: "Gems", color: "#1e5fc4", draw: gem },
  W: { name: "Swirls", color: "#00806f", draw: swirl },
  X: { name: "Skulls", color: "#3a2d4d", draw: skull },
};

const UNKNOWN_SUIT: SuitStyle = {
  name: "?",
  color: "#555555",
  draw: (ctx) => {
    ctx.beginPath();
    ctx.arc(0, 0, 0.8, 0, Math.PI * 2);
    ctx.fill();
  },
};

export function suitStyle(suit: string): SuitStyle {
  return SUIT_STYLES[suit] ?? UNKNOWN_SUIT;
}

const iconCache = new Map<string, HTMLCanvasElement>();

/** A transparent square canvas with the suit's symbol, `size` px wide. */
export function suitIcon(suit: string, size: number, color?: string): HTMLCanvasElement {
  const key = `${suit}:${size}:${color ?? ""}`;
  const cached = iconCache.get(key);
  if (cached) return cached;
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext("2d");
  if (ctx) {
    const style = suitStyle(suit);
    ctx.translate(size / 2, size / 2);
    ctx.scale(size / 2.1, size / 2.1);
    ctx.fillStyle = color ?? style.color;
    ctx.strokeStyle = color ?? style.color;
    style.draw(ctx);
  }
  iconCache.set(key, canvas);
  return canvas;
}

const urlCache = new Map<string, string>();

/** The suit symbol as a data URL, for DOM panels. */
export function suitIconUrl(suit: string, size = 48): string {
  const key = `${suit}:${size}`;
  let url = urlCache.get(key);
  if (url === undefined) {
    url = suitIcon(suit, size).toDataURL();
    urlCache.set(key, url);
  }
  return url;
}
