/**
 * Crowding on a screen (as the replay viewer once was at six seats on a phone): canvas texts that
 * overlap each other or are cut at the screen's edges, and seats that overlap each other or a pile.
 * Reads what canvas-text.ts reads (texts not being tweened) and the test hook's targets.
 */
import type { Page } from "playwright-core";
import { canvasTexts, type CanvasText } from "./canvas-text.ts";
import { targets } from "./page.ts";

interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** How far two boxes overlap (px on each axis; 0 when they do not). */
function overlap(a: Box, b: Box): number {
  const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return dx > 0 && dy > 0 ? Math.min(dx, dy) : 0;
}

const say = (t: CanvasText): string =>
  `"${t.text.replace(/\n/g, " / ")}" (${Math.round(t.x)},${Math.round(t.y)} ${Math.round(t.w)}x${Math.round(t.h)})`;

/**
 * Everything crowded on the page now, as sentences. `slack`: px two boxes may share (a text's
 * box has some air above and below its letters). `canvasBottom`: where the canvas ends (a panel below).
 */
export async function crowding(page: Page, slack = 3): Promise<string[]> {
  // A glyph that says nothing of its own (`decor`: a token chip's letter) sits on things on purpose.
  const texts = (await canvasTexts(page)).filter((t) => t.name !== "decor");
  const view = await page.evaluate(() => {
    const r = (window as unknown as { __game: { canvas: HTMLCanvasElement } }).__game.canvas.getBoundingClientRect();
    return {
      left: Math.max(0, r.left),
      top: Math.max(0, r.top),
      right: Math.min(innerWidth, r.right),
      bottom: Math.min(innerHeight, r.bottom),
    };
  });
  const out: string[] = [];
  for (const t of texts) {
    if (t.x < view.left - 0.5 || t.x + t.w > view.right + 0.5 || t.y < view.top - 0.5 || t.y + t.h > view.bottom + 0.5)
      out.push(`${say(t)} cut at the edge`);
  }
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      if (overlap(texts[i]!, texts[j]!) > slack) out.push(`${say(texts[i]!)} overlaps ${say(texts[j]!)}`);
    }
  }
  const boxes = (await targets(page)).map((t) => ({ id: t.id, x: t.x - t.w / 2, y: t.y - t.h / 2, w: t.w, h: t.h }));
  const seats = boxes.filter((b) => b.id.startsWith("seat:"));
  const piles = boxes.filter((b) => b.id.startsWith("pile:"));
  for (const s of seats) {
    if (s.x < view.left - 0.5 || s.x + s.w > view.right + 0.5) out.push(`${s.id} cut at the edge`);
    for (const o of [...seats, ...piles])
      if (o !== s && (o.id.startsWith("pile:") || o.id > s.id) && overlap(s, o) > slack) out.push(`${s.id} overlaps ${o.id}`);
  }
  return out;
}
