/** White pictograms for the word cards: CUT (a deck split in two) and FLIP (two turning arrows). */

/** A deck cut in two: the top half lifted and shifted, a dashed cut line between. */
export function drawCutIcon(ctx: CanvasRenderingContext2D, x: number, y: number, size: number): void {
  const w = size * 0.8;
  const h = size * 0.22;
  ctx.save();
  ctx.translate(x, y);
  ctx.fillStyle = "#ffffff";
  ctx.strokeStyle = "#1b1b1b";
  ctx.lineWidth = 3;
  for (const [dx, dy] of [
    [-size * 0.1, size * 0.2],
    [size * 0.12, -size * 0.22],
  ] as const) {
    ctx.beginPath();
    ctx.roundRect(dx - w / 2, dy - h / 2, w, h, 5);
    ctx.fill();
    ctx.stroke();
  }
  ctx.setLineDash([6, 5]);
  ctx.lineWidth = 3;
  ctx.strokeStyle = "#ffffff";
  ctx.beginPath();
  ctx.moveTo(-size * 0.55, 0);
  ctx.lineTo(size * 0.55, 0);
  ctx.stroke();
  ctx.restore();
}

function arrow(ctx: CanvasRenderingContext2D, r: number, from: number, to: number): void {
  ctx.beginPath();
  ctx.arc(0, 0, r, from, to, false);
  ctx.stroke();
  const hx = Math.cos(to) * r;
  const hy = Math.sin(to) * r;
  const t = to + Math.PI / 2;
  const s = r * 0.42;
  ctx.beginPath();
  ctx.moveTo(hx + Math.cos(t) * s, hy + Math.sin(t) * s);
  ctx.lineTo(hx + Math.cos(t - 2.4) * s * 0.8, hy + Math.sin(t - 2.4) * s * 0.8);
  ctx.lineTo(hx + Math.cos(t + 2.4) * s * 0.8, hy + Math.sin(t + 2.4) * s * 0.8);
  ctx.closePath();
  ctx.fill();
}

/** Two arrows chasing each other round a circle. */
export function drawFlipIcon(ctx: CanvasRenderingContext2D, x: number, y: number, size: number): void {
  const r = size * 0.36;
  ctx.save();
  ctx.translate(x, y);
  ctx.lineCap = "round";
  for (const [color, width] of [
    ["#1b1b1b", 11],
    ["#ffffff", 6],
  ] as const) {
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = width;
    arrow(ctx, r, -Math.PI * 0.95, -Math.PI * 0.15);
    arrow(ctx, r, Math.PI * 0.05, Math.PI * 0.85);
  }
  ctx.restore();
}
