/**
 * Where everything sits for a given screen: landscape puts opponents on an arc over the piles,
 * portrait stacks them in rows above; the own hand is always along the bottom.
 */
import { CARD_RATIO } from "../../objects/card-art.ts";
import { opponentOrder, rowSeats, arcSeats as onArc, arcSpread } from "../seat-ring.ts";
export { opponentOrder } from "../seat-ring.ts";
import type { Point } from "../seat-ring.ts";
export type { Point };

export interface TableLayout {
  readonly portrait: boolean;
  readonly hand: { readonly cx: number; readonly cy: number; readonly cardW: number; readonly maxWidth: number };
  readonly deck: Point;
  readonly discard: Point;
  readonly pileW: number;
  /** Seat index -> badge centre; the own seat maps to the spot by the hand. */
  readonly seats: ReadonlyMap<number, Point>;
  readonly badgeW: number;
  readonly me: Point;
  /** Where the prompt starts; portrait: left-aligned after the own timer, wrapped at `promptW`. */
  readonly prompt: Point;
  readonly promptW: number;
  /** The own turn timer. */
  readonly myTimer: Point;
  readonly knock: Point & { readonly w: number; readonly h: number };
  readonly timerR: number;
  readonly topBar: number;
}

function arcSeats(order: number[], w: number, h: number, topBar: number, badgeW: number): Map<number, Point> {
  const cy = h * 0.5;
  // The top seat's cards and panel stay clear of the top bar.
  const ry = Math.min(h * 0.36, cy - (topBar + 14 + badgeW * 0.48));
  return onArc(order, { cx: w / 2, cy, rx: w * 0.39, ry, spread: arcSpread(order.length) });
}

export function computeLayout(w: number, h: number, seatCount: number, mySeat: number | null): TableLayout {
  const portrait = h > w * 1.1;
  const order = opponentOrder(Math.max(seatCount, 1), mySeat);
  const topBar = portrait ? 44 : 48;
  if (portrait) return portraitLayout(w, h, order, topBar);
  const cardW = Math.min(w * 0.1, (h * 0.2) / CARD_RATIO);
  const badgeW = Math.min(220, Math.max(150, w * 0.15));
  const handCy = h - cardW * CARD_RATIO * 0.5 - 20;
  const pileW = cardW * 0.92;
  const pileY = h * 0.47;
  return {
    portrait,
    topBar,
    badgeW,
    seats: arcSeats(order, w, h, topBar, badgeW),
    hand: { cx: w / 2, cy: handCy, cardW, maxWidth: Math.min(w * 0.5, cardW * 5) },
    deck: { x: w / 2 - pileW * 0.72, y: pileY },
    discard: { x: w / 2 + pileW * 0.72, y: pileY },
    pileW,
    me: { x: w / 2 - Math.min(w * 0.25, cardW * 2.5) - badgeW * 0.6, y: handCy },
    prompt: { x: w / 2, y: handCy - cardW * CARD_RATIO * 0.5 - 40 },
    promptW: w * 0.6,
    myTimer: { x: w / 2 - Math.min(w * 0.25, cardW * 2.5) - 40, y: handCy - cardW * CARD_RATIO * 0.5 - 40 },
    knock: { x: w / 2 + Math.min(w * 0.25, cardW * 2.5) + 110, y: handCy, w: 170, h: 60 },
    timerR: 28,
  };
}

/** Phone in portrait: opponents in rows under the top bar, piles in the middle, hand at the bottom. */
function portraitLayout(w: number, h: number, order: number[], topBar: number): TableLayout {
  const cardW = Math.min((w - 24) / 4.3, (h * 0.17) / CARD_RATIO);
  const badgeW = Math.min(170, (w - 24) / Math.min(3, Math.max(1, order.length)) - 10);
  const rowH = badgeW * 0.63 + 16;
  const firstRow = topBar + 14 + badgeW * 0.42;
  const rows = order.length > 3 ? 2 : 1;
  const seats = rowSeats(order, w, firstRow, rowH);
  const handCy = h - cardW * CARD_RATIO * 0.5 - 22;
  const handTop = handCy - cardW * CARD_RATIO * 0.62;
  const meY = handTop - 16;
  const promptY = meY - 40;
  const oppBottom = firstRow + (rows - 1) * rowH + badgeW * 0.21;
  const pileW = Math.min(cardW * 1.1, w * 0.26);
  const pileY = Math.max(oppBottom + pileW * CARD_RATIO * 0.5 + 20, (oppBottom + promptY) / 2 - 10);
  const knockW = Math.min(150, w * 0.36);
  return {
    portrait: true,
    topBar,
    badgeW,
    seats,
    hand: { cx: w / 2, cy: handCy, cardW, maxWidth: w - 16 },
    deck: { x: w / 2 - pileW * 0.72, y: pileY },
    discard: { x: w / 2 + pileW * 0.72, y: pileY },
    pileW,
    me: { x: w / 2, y: meY },
    prompt: { x: 14 + 22 * 2 + 10, y: promptY },
    promptW: w - knockW - 14 - (14 + 22 * 2 + 10) - 10,
    myTimer: { x: 14 + 22, y: promptY },
    knock: { x: w - knockW / 2 - 14, y: promptY, w: knockW, h: 52 },
    timerR: 22,
  };
}
