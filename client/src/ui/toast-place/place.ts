/**
 * Where the toasts go so they cover nothing the player needs (on a phone the toast
 * stack once sat over the top seats for seconds). The table lists what must stay visible: its seats,
 * cards, piles and buttons (the same boxes its test-hook targets give, `Box` in page px), plus
 * the first-time hint and a refused card's bubble. The stack, centred across the screen, goes in
 * the middle of the tallest free horizontal band below the top bar: on every table that is the
 * band between the seats and the hand (or around the piles). If no band is tall enough (a crowded
 * table, a long stack), it goes where it covers the least.
 */
export interface Box {
  /** Centre and size, page px (as `Target`). */
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  /**
   * How much covering it costs when nothing can be kept clear (default 1). The first-time hint
   * costs less: it stays after the toast goes (3.7 s), where a prompt or a card covered is missed.
   */
  readonly weight?: number;
}

export interface Area {
  readonly width: number;
  readonly height: number;
  /** The first y below the top bar. */
  readonly top: number;
}

/** Gap kept between the stack and anything it must not cover. */
const MARGIN = 6;

/** The stack's top (page px) for a stack of `w` x `h` centred across `area`. */
export function toastTop(avoid: readonly Box[], area: Area, w: number, h: number): number {
  return bandTop(avoid, area, w, h) ?? leastCovering(avoid, area, w, h);
}

/** The vertical spans (with the margin) of the boxes across a stack `w` wide, with their weights, top first. */
function spansAcross(avoid: readonly Box[], area: Area, w: number): (readonly [number, number, number])[] {
  const left = (area.width - w) / 2 - MARGIN;
  const right = (area.width + w) / 2 + MARGIN;
  return avoid
    .filter((b) => b.w > 0 && b.h > 0 && b.x + b.w / 2 > left && b.x - b.w / 2 < right)
    .map((b) => [b.y - b.h / 2 - MARGIN, b.y + b.h / 2 + MARGIN, b.weight ?? 1] as const)
    .sort((a, b) => a[0] - b[0]);
}

/** The middle of the tallest free band a stack `h` tall fits in, or null when none does. */
export function bandTop(avoid: readonly Box[], area: Area, w: number, h: number): number | null {
  const spans = spansAcross(avoid, area, w);
  const bottom = area.height - MARGIN;
  let best: { from: number; to: number } | null = null;
  let at = area.top;
  for (const [from, to] of [...spans, [bottom, Infinity, 1] as const]) {
    const end = Math.min(from, bottom);
    if (end - at >= h && (!best || end - at > best.to - best.from)) best = { from: at, to: end };
    at = Math.max(at, to);
    if (at >= bottom) break;
  }
  return best ? Math.round(best.from + (best.to - best.from - h) / 2) : null;
}

/** No band fits: the place that covers the least (by weight; the earliest of equals), on screen. */
function leastCovering(avoid: readonly Box[], area: Area, w: number, h: number): number {
  const spans = spansAcross(avoid, area, w);
  let top = area.top;
  let least = Infinity;
  for (let y = area.top; y + h <= area.height || y === area.top; y += 4) {
    const covered = spans.reduce((sum, [from, to, weight]) => sum + weight * Math.max(0, Math.min(to, y + h) - Math.max(from, y)), 0);
    if (covered < least) {
      least = covered;
      top = y;
    }
  }
  return top;
}
