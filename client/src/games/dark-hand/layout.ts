/**
 * Where everything sits: landscape puts opponents on an arc over the piles with the Jokers to the
 * left and the pot to the right; portrait stacks opponents in rows, a Joker on each side of the
 * piles. Melds lie under the piles; the own hand is always along the bottom.
 */
import { CARD_RATIO } from "../../objects/card-art.ts";
import { badgeHeight, BACKS_H } from "../../objects/seat-badge.ts";
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
  readonly seats: ReadonlyMap<number, Point>;
  readonly badgeW: number;
  /** Joker tiles (centre, tile width) and the call buttons under them. */
  /** `captionW`: where "Ann holds it" wraps (a phone: about the tile's width, clear of the piles' labels). */
  readonly jokers: { readonly light: Point; readonly dark: Point; readonly w: number; readonly captionW?: number };
  readonly callW: number;
  /** Centre line of the call buttons. */
  readonly callY: number;
  readonly callH: number;
  readonly pot: Point;
  /** The laid-down Skits and Scats: centre of the row and small card width. */
  readonly melds: Point & { readonly w: number; readonly cardW: number };
  /** The final-round line. */
  readonly status: Point & { readonly w: number };
  readonly prompt: Point;
  readonly promptW: number;
  readonly myTimer: Point;
  readonly me: Point;
  readonly shadeButton: Box;
  /** Turn buttons (declare, keep): landscape a column right of the hand, portrait a row. */
  readonly actions: Box & { readonly vertical: boolean };
  readonly timerR: number;
}

function arcSeats(order: number[], w: number, h: number, topBar: number, badgeW: number): Map<number, Point> {
  const cy = h * 0.46;
  const ry = Math.min(h * 0.36, cy - (topBar + 14 + badgeW * 0.48));
  return onArc(order, { cx: w / 2, cy, rx: w * 0.4, ry, spread: arcSpread(order.length) });
}

export function computeLayout(w: number, h: number, seatCount: number, mySeat: number | null): TableLayout {
  const order = opponentOrder(Math.max(seatCount, 1), mySeat);
  if (h > w * 1.1) return portraitLayout(w, h, order);
  const topBar = 48;
  const cardW = Math.min(w * 0.1, (h * 0.2) / CARD_RATIO);
  const badgeW = Math.min(200, Math.max(150, w * 0.15));
  const handCy = h - cardW * CARD_RATIO * 0.5 - 20;
  const handHalf = cardW * 2.2;
  const pileW = cardW * 0.9;
  const pileY = h * 0.4;
  const jw = pileW * 0.78;
  const deckLeft = w / 2 - pileW * 1.22;
  const callW = Math.min(150, w * 0.11);
  const side = w / 2 - handHalf - 30 - 90;
  const promptY = handCy - cardW * CARD_RATIO * 0.5 - 40;
  return {
    portrait: false,
    topBar,
    badgeW,
    seats: arcSeats(order, w, h, topBar, badgeW),
    hand: { cx: w / 2, cy: handCy, cardW, maxWidth: handHalf * 2 },
    deck: { x: w / 2 - pileW * 0.72, y: pileY },
    discard: { x: w / 2 + pileW * 0.72, y: pileY },
    pileW,
    jokers: { dark: { x: deckLeft - callW / 2 - 14, y: pileY }, light: { x: deckLeft - callW * 1.5 - 28, y: pileY }, w: jw },
    callW,
    callH: 42,
    callY: pileY + jw * 0.65 + 20 + 21 + 4,
    pot: { x: w / 2 + pileW * 1.22 + 90, y: pileY },
    melds: { x: w / 2, y: pileY + pileW * CARD_RATIO * 0.5 + 36 + pileW * 0.5 * CARD_RATIO * 0.5 + 14, w: w * 0.62, cardW: pileW * 0.5 },
    status: { x: w / 2, y: topBar / 2 + 4, w: w - 2 * 330 },
    prompt: { x: w / 2, y: promptY },
    promptW: w * 0.6,
    myTimer: { x: w / 2, y: promptY },
    me: { x: side, y: handCy - 4 },
    shadeButton: { x: side, y: handCy + 66, w: 170, h: 40 },
    actions: { x: w / 2 + handHalf + 30 + 90, y: handCy, w: 180, h: 44, vertical: true },
    timerR: 28,
  };
}

/** Phone in portrait: opponents in rows under the top bar, then piles with a Joker either side. */
function portraitLayout(w: number, h: number, order: number[]): TableLayout {
  const topBar = 44;
  const cardW = Math.min((w - 24) / 4.3, (h * 0.15) / CARD_RATIO);
  const badgeW = Math.min(170, (w - 24) / Math.min(3, Math.max(1, order.length)) - 10);
  // A second row clears the first one's panel with its face-down cards (the token row makes the
  // panel taller than the wide-screen share: on a phone "DEALER" went under the cards behind it).
  // Tags take a second line on a phone ("DEALER" / "☾ DARK HAND"): one more line of room.
  const bh = badgeHeight(badgeW, 2, true);
  const rowH = Math.max(badgeW * 0.63 + 16, bh + badgeW * BACKS_H + 4);
  const firstRow = topBar + 14 + badgeW * 0.42;
  const rows = order.length > 3 ? 2 : 1;
  const oppBottom = firstRow + (rows - 1) * rowH + Math.max(badgeW * 0.26, bh / 2);
  const handCy = h - cardW * CARD_RATIO * 0.5 - 22;
  const meY = handCy - cardW * CARD_RATIO * 0.72 - 18;
  const promptY = meY - 38;
  const actionsY = promptY - 46;
  // The pot and call row (potY, below the piles) stays above the prompt on a short screen (the
  // replay viewer's table on a phone had "Pot" under "Seat 6 is playing…").
  // Under the piles (pH): the Jokers' captions (two lines), the pot row (its text ends ~30 px
  // below potY), the revealed melds with their captions, then the prompt: pH + 214 px in all.
  const pileW = Math.max(36, Math.min(cardW * 0.9, w * 0.19, (promptY - oppBottom - 214) / CARD_RATIO));
  const pileY = oppBottom + 24 + pileW * CARD_RATIO * 0.5 + 8;
  const meldW = Math.min(pileW * 0.5, w / 14);
  const meldsY = actionsY - 34 - meldW * CARD_RATIO * 0.5;
  const callW = Math.min(130, w * 0.31);
  // Wide enough for "LIGHT" / "JOKER" in readable text (objects/style.ts, MIN_TEXT).
  const jw = Math.max(pileW * 0.7, 62);
  const potY = pileY + pileW * CARD_RATIO * 0.5 + 56;
  return {
    portrait: true,
    topBar,
    badgeW,
    seats: rowSeats(order, w, firstRow, rowH),
    hand: { cx: w / 2, cy: handCy, cardW, maxWidth: w - 16 },
    // Far enough apart for both captions in readable text ("Deck · 30", "Discard · 4") on small cards.
    deck: { x: w / 2 - Math.max(pileW * 0.64, 46), y: pileY },
    discard: { x: w / 2 + Math.max(pileW * 0.64, 46), y: pileY },
    pileW,
    jokers: { light: { x: callW / 2 + 6, y: pileY - 8 }, dark: { x: w - callW / 2 - 6, y: pileY - 8 }, w: jw, captionW: jw + 24 },
    callW,
    callH: 34,
    callY: potY,
    pot: { x: w / 2, y: potY },
    melds: { x: w / 2, y: Math.max(meldsY, potY + 57 + meldW * CARD_RATIO * 0.5), w: w - 16, cardW: meldW },
    status: { x: w / 2, y: oppBottom + 14, w: w - 16 },
    prompt: { x: 14 + 22 * 2 + 10, y: promptY },
    promptW: w - (14 + 22 * 2 + 10) - 10,
    myTimer: { x: 14 + 22, y: promptY },
    me: { x: 14, y: meY },
    shadeButton: { x: w - 62, y: meY, w: 112, h: 34 },
    actions: { x: w / 2, y: actionsY, w: w - 16, h: 42, vertical: false },
    timerR: 22,
  };
}
