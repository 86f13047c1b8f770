/**
 * Where everything sits: opponents on an arc (landscape) or in rows (portrait) in turn order
 * from the own seat's left, the piles in the middle with the direction ring round them, the own
 * hand along the bottom, and the SLAP / CALL / DRAW buttons by the hand.
 */
import { CARD_RATIO } from "../../objects/card-art.ts";
import { opponentOrder, rowSeats, arcSeats as onArc, arcSpread } from "../seat-ring.ts";
export { opponentOrder } from "../seat-ring.ts";
import type { Box, Point } from "../seat-ring.ts";
export type { Box, Point };

export interface TableLayout {
  readonly portrait: boolean;
  readonly topBar: number;
  readonly hand: { readonly cx: number; readonly cy: number; readonly cardW: number; readonly maxWidth: number };
  readonly deck: Point;
  readonly discard: Point;
  readonly pileW: number;
  /** Centre and radii of the direction ring round the piles. */
  readonly ring: Point & { readonly rx: number; readonly ry: number };
  readonly seats: ReadonlyMap<number, Point>;
  readonly badgeW: number;
  readonly me: Point;
  readonly prompt: Point;
  readonly promptW: number;
  readonly slap: Box;
  readonly call: Box;
  readonly draw: Box;
  /** The race result list (top-left corner). */
  readonly board: Point & { readonly w: number };
  readonly timerR: number;
}

function arcSeats(order: number[], w: number, h: number, top: number, badgeW: number): Map<number, Point> {
  const cy = h * 0.5;
  const ry = Math.min(h * 0.34, cy - (top + 14 + badgeW * 0.45));
  return onArc(order, { cx: w / 2, cy, rx: w * 0.4, ry, spread: arcSpread(order.length, 0.96) });
}

export function computeLayout(w: number, h: number, seatCount: number, mySeat: number | null): TableLayout {
  const order = opponentOrder(Math.max(seatCount, 1), mySeat);
  if (h > w * 1.1) return portraitLayout(w, h, order);
  const topBar = 48;
  const cardW = Math.min(w * 0.085, (h * 0.19) / CARD_RATIO);
  const badgeW = Math.min(200, Math.max(140, w * 0.14));
  const handCy = h - cardW * CARD_RATIO * 0.5 - 18;
  const pileW = cardW * 1.05;
  const pileY = h * 0.5;
  const side = Math.min(w * 0.3, cardW * 3.6);
  const slapW = Math.min(220, w * 0.17);
  return {
    portrait: false,
    topBar,
    badgeW,
    seats: arcSeats(order, w, h, topBar, badgeW),
    hand: { cx: w / 2, cy: handCy, cardW, maxWidth: Math.min(w * 0.52, cardW * 8) },
    deck: { x: w / 2 - pileW * 0.7, y: pileY },
    discard: { x: w / 2 + pileW * 0.7, y: pileY },
    pileW,
    ring: { x: w / 2, y: pileY, rx: pileW * 1.75, ry: pileW * CARD_RATIO * 0.78 },
    me: { x: w / 2 - side - badgeW * 0.55, y: handCy + cardW * 0.2 },
    prompt: { x: w / 2, y: handCy - cardW * CARD_RATIO * 0.5 - 36 },
    promptW: w * 0.56,
    slap: { x: w - slapW / 2 - 20, y: handCy + 10, w: slapW, h: Math.min(110, h * 0.15) },
    call: { x: w - slapW / 2 - 20, y: handCy - Math.min(110, h * 0.15) / 2 - 44, w: slapW, h: 58 },
    draw: { x: w / 2 - side - badgeW * 0.55, y: handCy - 48, w: 150, h: 52 },
    board: { x: w / 2 - pileW * 1.25 - 16 - Math.min(260, w * 0.2), y: pileY - pileW * CARD_RATIO * 0.6, w: Math.min(260, w * 0.2) },
    timerR: 26,
  };
}

function portraitLayout(w: number, h: number, order: number[]): TableLayout {
  const topBar = 44;
  const cardW = Math.min((w - 24) / 4.6, (h * 0.15) / CARD_RATIO);
  const badgeW = Math.min(150, (w - 24) / Math.min(3, Math.max(1, order.length)) - 10);
  const rowH = badgeW * 0.75 + 12;
  const firstRow = topBar + 12 + badgeW * 0.45;
  const rows = order.length > 3 ? 2 : 1;
  const handCy = h - cardW * CARD_RATIO * 0.5 - 14;
  const buttonsY = handCy - cardW * CARD_RATIO * 0.62 - 40;
  const meY = buttonsY - 50;
  const promptY = meY - 30;
  const oppBottom = firstRow + (rows - 1) * rowH + badgeW * 0.3;
  // The piles, their labels and the direction ring round them fit between the seats and the
  // prompt (a short screen, e.g. the replay viewer's table on a phone, had the prompt over them).
  // The ring has no caption here: the top bar says the direction.
  const top = oppBottom + 4;
  const bottom = promptY - 18;
  const pileW = Math.min(cardW * 1.05, w * 0.22, (bottom - top - 34) / (1.24 * CARD_RATIO));
  const pileY = Math.min((oppBottom + promptY) / 2 + 4, bottom - 34 - pileW * CARD_RATIO * 0.5);
  const slapW = w * 0.4;
  return {
    portrait: true,
    topBar,
    badgeW,
    seats: rowSeats(order, w, firstRow, rowH),
    hand: { cx: w / 2, cy: handCy, cardW, maxWidth: w - 12 },
    // Far enough apart for both captions in readable text ("Draw · 64", "Discard · 10") on small cards.
    deck: { x: w / 2 - Math.max(pileW * 0.7, 46), y: pileY },
    discard: { x: w / 2 + Math.max(pileW * 0.7, 46), y: pileY },
    pileW,
    ring: { x: w / 2, y: pileY, rx: pileW * 1.65, ry: pileW * CARD_RATIO * 0.74 },
    me: { x: w / 2, y: meY },
    prompt: { x: 54, y: promptY },
    promptW: w - 64,
    slap: { x: w - slapW / 2 - 10, y: buttonsY, w: slapW, h: 64 },
    call: { x: w / 2 - 10, y: buttonsY, w: w * 0.26, h: 56 },
    draw: { x: w * 0.14 + 4, y: buttonsY, w: w * 0.26, h: 52 },
    board: { x: 10, y: pileY - pileW * CARD_RATIO * 0.5 - 10, w: w - 20 },
    timerR: 20,
  };
}
