/**
 * Where everything sits for a given screen. Landscape: opponents left, across and right, each a
 * badge with a strip of table cards (hole card, called straight, trophies); the deck and the
 * discard fan in the middle; the own hand along the bottom with the own table cards beside it.
 * Portrait: one row per opponent (badge left, strip right) under the top bar.
 */
import { CARD_RATIO } from "../../objects/card-art.ts";
import { opponentOrder } from "../seat-ring.ts";
export { opponentOrder } from "../seat-ring.ts";
import type { Point } from "../seat-ring.ts";
export type { Point };

export interface Zone {
  readonly badge: Point;
  /** Centre-left of the card strip and its width; `cardW` its card width. */
  readonly strip: Point;
  readonly stripW: number;
  readonly cardW: number;
  /** > 0: the hole card / straight on one row, trophies and captures this far below. */
  readonly rowGap: number;
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface TableLayout {
  readonly w: number;
  readonly h: number;
  readonly portrait: boolean;
  readonly topBar: number;
  readonly badgeW: number;
  readonly zones: ReadonlyMap<number, Zone>;
  readonly hand: { readonly cx: number; readonly cy: number; readonly cardW: number; readonly maxWidth: number };
  /** The own table cards (hole card, trophies...), left of the hand. */
  readonly mine: Zone;
  readonly deck: Point;
  readonly pileW: number;
  /** The discard fan's box (top-left corner and size). */
  readonly discard: Rect;
  readonly prompt: Point;
  readonly promptW: number;
  readonly me: Point;
  readonly countdown: Point;
  readonly countdownR: number;
  readonly buttons: Point;
  /** The guess grid's box. */
  readonly grid: Rect;
}

export function computeLayout(w: number, h: number, seatCount: number, mySeat: number | null): TableLayout {
  const order = opponentOrder(Math.max(seatCount, 1), mySeat);
  return h > w * 1.1 ? portrait(w, h, order) : landscape(w, h, order);
}

function landscape(w: number, h: number, order: number[]): TableLayout {
  const topBar = 48;
  const badgeW = Math.min(190, Math.max(140, w * 0.13));
  const cardW = Math.min(w * 0.08, (h * 0.19) / CARD_RATIO);
  const handCy = h - cardW * CARD_RATIO * 0.5 - 16;
  const zc = Math.min(48, h * 0.066);
  const zh = zc * CARD_RATIO;
  const rowGap = zh + 22;
  const sideW = Math.min(250, w * 0.2);
  const sideX = 14 + sideW / 2;
  const sideY = h * 0.25;
  const row1 = sideY + badgeW * 0.21 + 14 + zh / 2;
  const topY = topBar + 34 + badgeW * 0.21;
  const topX = w / 2 - sideW * 0.55;
  const zones = new Map<number, Zone>();
  const spots: Zone[] = [
    { badge: { x: sideX, y: sideY }, strip: { x: 14, y: row1 }, stripW: sideW, cardW: zc, rowGap },
    { badge: { x: topX, y: topY }, strip: { x: topX + badgeW / 2 + 26, y: topY - 14 }, stripW: sideW * 1.25, cardW: zc, rowGap },
    { badge: { x: w - sideX, y: sideY }, strip: { x: w - 14 - sideW, y: row1 }, stripW: sideW, cardW: zc, rowGap },
  ];
  order.forEach((seat, i) => zones.set(seat, spots[i] ?? spots[1]!));
  const pileW = Math.min(cardW * 0.82, 76);
  const centreL = 14 + sideW + 24;
  const midY = h * 0.46;
  const handMaxW = Math.min(w * 0.46, cardW * 7.3);
  const gridW = Math.min(w - 40, 900);
  const gridH = Math.min(h - topBar - 40, 470);
  return {
    w,
    h,
    portrait: false,
    topBar,
    badgeW,
    zones,
    hand: { cx: w / 2, cy: handCy, cardW, maxWidth: handMaxW },
    // Clear of the collapsed Chat box at the bottom left (it covered "YOUR" of "YOUR HOLE" at 1280x720).
    mine: {
      badge: { x: 0, y: 0 },
      strip: { x: 26, y: handCy - 22 },
      stripW: w / 2 - handMaxW / 2 - 50,
      cardW: Math.min(zc * 1.15, 56),
      rowGap: 0,
    },
    deck: { x: centreL + pileW / 2, y: midY },
    pileW,
    discard: { x: centreL + pileW + 30, y: midY - pileW * CARD_RATIO * 0.5, w: w - 2 * centreL - pileW - 30, h: h * 0.24 },
    prompt: { x: w / 2, y: handCy - cardW * CARD_RATIO * 0.8 - 24 },
    promptW: w * 0.56,
    me: { x: w - 16, y: handCy + cardW * 0.55 },
    // Under the top seat, clear of the right seat's face-down fan and of a memorise strip.
    countdown: { x: w / 2 - 90, y: topY + badgeW * 0.21 + 46 },
    countdownR: 22,
    buttons: { x: w - 16 - 118, y: handCy - cardW * CARD_RATIO * 0.5 - 44 },
    grid: { x: (w - gridW) / 2, y: topBar + 20, w: gridW, h: gridH },
  };
}

function portrait(w: number, h: number, order: number[]): TableLayout {
  const topBar = 44;
  const badgeW = Math.min(130, w * 0.33);
  const rowH = Math.min(104, h * 0.12);
  const zc = Math.min(40, (w - badgeW - 40) / 6.2);
  const zones = new Map<number, Zone>();
  order.forEach((seat, i) => {
    const y = topBar + 12 + rowH * (i + 0.5);
    zones.set(seat, { badge: { x: 8 + badgeW / 2, y }, strip: { x: badgeW + 22, y }, stripW: w - badgeW - 46, cardW: zc, rowGap: 0 });
  });
  const oppBottom = topBar + 12 + rowH * order.length;
  const cardW = Math.min((w - 24) / 4.6, (h * 0.15) / CARD_RATIO);
  const handCy = h - cardW * CARD_RATIO * 0.5 - 14;
  const handTop = handCy - cardW * CARD_RATIO * 0.5;
  const pileW = Math.min(46, w * 0.12);
  const mineY = handTop - 34 - zc * CARD_RATIO * 0.5;
  const promptY = mineY - zc * CARD_RATIO * 0.5 - 26;
  const discardTop = oppBottom + 40;
  const gridH = h - topBar - 20;
  return {
    w,
    h,
    portrait: true,
    topBar,
    badgeW,
    zones,
    hand: { cx: w / 2, cy: handCy, cardW, maxWidth: w - 16 },
    mine: { badge: { x: 0, y: 0 }, strip: { x: 22, y: mineY }, stripW: w * 0.6, cardW: zc, rowGap: 0 },
    deck: { x: Math.max(12 + pileW / 2, 40), y: discardTop + pileW * CARD_RATIO * 0.5 },
    pileW,
    discard: { x: 40 + pileW / 2 + 16, y: discardTop, w: w - pileW / 2 - 66, h: Math.max(80, promptY - discardTop - 40) },
    prompt: { x: w / 2, y: promptY },
    promptW: w - 24,
    me: { x: w - 10, y: mineY },
    countdown: { x: w / 2, y: oppBottom + 14 },
    countdownR: 16,
    buttons: { x: w / 2, y: promptY - 4 },
    grid: { x: 6, y: topBar + 8, w: w - 12, h: gridH },
  };
}
