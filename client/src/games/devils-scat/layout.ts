/**
 * Where everything sits for a given screen: landscape puts opponents on an arc over the piles,
 * portrait stacks them in rows above; the own hand is always along the bottom.
 */
import { CARD_RATIO } from "../../objects/card-art.ts";

export interface Point {
  readonly x: number;
  readonly y: number;
}

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
  readonly prompt: Point;
  readonly knock: Point & { readonly w: number; readonly h: number };
  readonly timerR: number;
  readonly topBar: number;
}

/** Opponents in turn order starting at the own seat's left. */
export function opponentOrder(seatCount: number, mySeat: number | null): number[] {
  const me = mySeat ?? -1;
  const start = me < 0 ? 0 : me + 1;
  const out: number[] = [];
  for (let k = 0; k < seatCount; k++) {
    const s = (start + k) % seatCount;
    if (s !== me) out.push(s);
  }
  return out;
}

function arcSeats(order: number[], w: number, h: number): Map<number, Point> {
  const cx = w / 2;
  const cy = h * 0.5;
  const rx = w * 0.39;
  const ry = h * 0.36;
  const out = new Map<number, Point>();
  order.forEach((seat, i) => {
    const t = order.length === 1 ? 0.5 : 0.04 + (0.92 * i) / (order.length - 1);
    const a = Math.PI + t * Math.PI;
    out.set(seat, { x: cx + Math.cos(a) * rx, y: cy + Math.sin(a) * ry });
  });
  return out;
}

function rowSeats(order: number[], w: number, top: number, rowH: number): Map<number, Point> {
  const perRow = order.length <= 3 ? order.length : Math.ceil(order.length / 2);
  const out = new Map<number, Point>();
  order.forEach((seat, i) => {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, order.length - row * perRow);
    const col = i % perRow;
    out.set(seat, { x: (w * (col + 0.5)) / inRow, y: top + row * rowH });
  });
  return out;
}

export function computeLayout(w: number, h: number, seatCount: number, mySeat: number | null): TableLayout {
  const portrait = h > w * 1.1;
  const order = opponentOrder(Math.max(seatCount, 1), mySeat);
  const topBar = portrait ? 44 : 48;
  if (portrait) {
    const cardW = Math.min((w - 24) / 4.4, (h * 0.16) / CARD_RATIO);
    const badgeW = Math.min(170, (w - 24) / Math.min(3, Math.max(1, order.length)) - 10);
    const rowH = badgeW * 0.42 + badgeW * 0.42 + 14;
    const seats = rowSeats(order, w, topBar + badgeW * 0.3 + badgeW * 0.21 + 6, rowH);
    const handCy = h - cardW * CARD_RATIO * 0.5 - 22;
    const pileW = Math.min(cardW * 1.05, w * 0.24);
    const pileY = Math.max(h * 0.44, topBar + (order.length > 3 ? 2 : 1) * rowH + pileW * CARD_RATIO * 0.5);
    const promptY = handCy - cardW * CARD_RATIO * 0.5 - 56;
    const knockW = Math.min(150, w * 0.38);
    return {
      portrait, topBar, badgeW, seats,
      hand: { cx: w / 2, cy: handCy, cardW, maxWidth: w - 16 },
      deck: { x: w / 2 - pileW * 0.72, y: pileY },
      discard: { x: w / 2 + pileW * 0.72, y: pileY },
      pileW,
      me: { x: w / 2, y: promptY + 32 },
      prompt: { x: w / 2 - knockW * 0.3, y: promptY },
      knock: { x: w - knockW / 2 - 12, y: promptY + 4, w: knockW, h: 52 },
      timerR: 24,
    };
  }
  const cardW = Math.min(w * 0.1, (h * 0.2) / CARD_RATIO);
  const badgeW = Math.min(220, Math.max(150, w * 0.15));
  const handCy = h - cardW * CARD_RATIO * 0.5 - 20;
  const pileW = cardW * 0.92;
  const pileY = h * 0.47;
  return {
    portrait, topBar, badgeW,
    seats: arcSeats(order, w, h),
    hand: { cx: w / 2, cy: handCy, cardW, maxWidth: Math.min(w * 0.5, cardW * 5) },
    deck: { x: w / 2 - pileW * 0.72, y: pileY },
    discard: { x: w / 2 + pileW * 0.72, y: pileY },
    pileW,
    me: { x: w / 2 - Math.min(w * 0.25, cardW * 2.5) - badgeW * 0.6, y: handCy },
    prompt: { x: w / 2, y: handCy - cardW * CARD_RATIO * 0.5 - 40 },
    knock: { x: w / 2 + Math.min(w * 0.25, cardW * 2.5) + 110, y: handCy, w: 170, h: 60 },
    timerR: 28,
  };
}
