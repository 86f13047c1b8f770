/**
 * Where everything sits: landscape puts opponents on an arc around the trick, portrait stacks
 * them in a row above it; the own hand is always along the bottom with the controls above it.
 */
import { CARD_RATIO } from "../../objects/card-art.ts";
import type { HandPlace } from "../../objects/hand-view.ts";
import { opponentOrder, arcSeats as onArc } from "../seat-ring.ts";
export { opponentOrder } from "../seat-ring.ts";
import type { Box, Point } from "../seat-ring.ts";
export type { Box, Point };

export interface TableLayout {
  readonly portrait: boolean;
  readonly topBar: number;
  readonly hand: HandPlace;
  /** Opponent badge centres by seat. */
  readonly seats: ReadonlyMap<number, Point>;
  readonly badgeW: number;
  /** Centre of the trick and its card width; `reach` = how far a card sits from the centre. */
  readonly trick: Point & { readonly cardW: number; readonly reachX: number; readonly reachY: number };
  readonly me: Point;
  readonly prompt: Point;
  readonly promptW: number;
  readonly timerR: number;
  readonly shade: Box;
  readonly pass: Box;
  readonly lastTrick: Box;
  /** The "received" strip (mini cards). */
  readonly received: Point & { readonly cardW: number };
}

function arcSeats(order: number[], w: number, cy: number, top: number): Map<number, Point> {
  return onArc(order, { cx: w / 2, cy, rx: w * 0.4, ry: cy - top, spread: order.length >= 3 ? 1 : 0.55 });
}

export function computeLayout(w: number, h: number, seatCount: number, mySeat: number | null): TableLayout {
  const order = opponentOrder(Math.max(seatCount, 1), mySeat);
  return h > w * 1.1 ? portraitLayout(w, h, order) : landscapeLayout(w, h, order);
}

function landscapeLayout(w: number, h: number, order: number[]): TableLayout {
  const topBar = 48;
  const cardW = Math.min(w * 0.075, (h * 0.19) / CARD_RATIO);
  const handCy = h - cardW * CARD_RATIO * 0.5 - 14;
  const handTop = handCy - cardW * CARD_RATIO * 0.72;
  const badgeW = Math.min(200, Math.max(150, w * 0.14));
  const trickW = Math.min(cardW * 0.9, (h * 0.16) / CARD_RATIO);
  const promptY = handTop - 22;
  const trickCy = (topBar + badgeW * 0.55 + promptY) / 2 + 26;
  const side = Math.max(170, (w - Math.min(w * 0.56, cardW * 9)) / 2 - 20);
  const sideX = side / 2 + 10;
  return {
    portrait: false,
    topBar,
    badgeW,
    seats: arcSeats(order, w, trickCy, topBar + 44 + badgeW * 0.3),
    hand: { cx: w / 2, cy: handCy, cardW, maxWidth: Math.min(w * 0.56, cardW * 9) },
    trick: { x: w / 2, y: trickCy, cardW: trickW, reachX: trickW * 1.25, reachY: trickW * CARD_RATIO * 0.6 },
    me: { x: sideX, y: handCy + 10 },
    prompt: { x: w / 2, y: promptY },
    promptW: w * 0.56,
    timerR: 26,
    shade: { x: w - sideX, y: handCy - 34, w: Math.min(220, side - 10), h: 50 },
    pass: { x: w - sideX, y: handCy + 34, w: Math.min(200, side - 10), h: 54 },
    lastTrick: { x: sideX, y: handCy - 48, w: Math.min(170, side - 20), h: 44 },
    received: { x: sideX, y: handTop - 80, cardW: Math.min(46, side / 4) },
  };
}

/** Phone in portrait: opponents in a row, the trick in the middle, controls, then the hand. */
function portraitLayout(w: number, h: number, order: number[]): TableLayout {
  const topBar = 44;
  const cardW = Math.min((w - 24) / 4.6, (h * 0.14) / CARD_RATIO);
  const badgeW = Math.min(150, (w - 16) / Math.max(1, order.length) - 8);
  const seats = new Map<number, Point>();
  // The hearts-broken markers take a row under the top bar on a phone.
  const rowY = topBar + 62 + badgeW * 0.36;
  order.forEach((seat, i) => seats.set(seat, { x: (w * (i + 0.5)) / order.length, y: rowY }));
  const handCy = h - cardW * CARD_RATIO * 0.5 - 16;
  // Thirteen cards in one row leave ~25 px each to tap: two rows (HandView), the back one this much higher.
  const rowGap = Math.max(44, cardW * CARD_RATIO * 0.42);
  const handTop = handCy - cardW * CARD_RATIO * 0.72 - rowGap;
  const ctrlY = handTop - 34;
  const promptY = ctrlY - 64;
  const meY = promptY - 38;
  const trickW = Math.min(w * 0.19, 84);
  const oppBottom = rowY + badgeW * 0.42;
  const trickCy = (oppBottom + meY) / 2 + 6;
  const third = (w - 24) / 3;
  // Last trick and Pass narrower than a third: the shade toggle between them needs readable words.
  const side = Math.min(third - 10, 100);
  const shadeW = w - 24 - 2 * side - 16;
  return {
    portrait: true,
    topBar,
    badgeW,
    seats,
    hand: { cx: w / 2, cy: handCy, cardW, maxWidth: w - 14, minStep: 44, rowGap },
    trick: { x: w / 2, y: trickCy, cardW: trickW, reachX: trickW * 1.05, reachY: trickW * CARD_RATIO * 0.62 },
    me: { x: w / 2, y: meY },
    prompt: { x: 12 + 22 * 2 + 8, y: promptY },
    promptW: w - (12 + 22 * 2 + 8) - 10,
    timerR: 22,
    lastTrick: { x: 12 + side / 2, y: ctrlY, w: side, h: 44 },
    shade: { x: w / 2, y: ctrlY, w: shadeW, h: 44 },
    pass: { x: w - 12 - side / 2, y: ctrlY, w: side, h: 44 },
    received: { x: 80, y: trickCy + trickW * CARD_RATIO * 0.62 + 38, cardW: 38 },
  };
}
