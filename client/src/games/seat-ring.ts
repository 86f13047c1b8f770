/** Where opponents sit around the table, shared by every game's layout. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Box extends Point {
  readonly w: number;
  readonly h: number;
}

/** Opponents in turn order starting at the own seat's left (a spectator sees seat 0 first). */
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

/** An upper half-ellipse; `spread` is the share of it the seats use (1 = end to end). */
export interface SeatArc {
  readonly cx: number;
  readonly cy: number;
  readonly rx: number;
  readonly ry: number;
  readonly spread: number;
}

/** The usual spread: 0.3 of the arc per extra opponent, up to `max`. */
export function arcSpread(opponents: number, max = 0.92): number {
  return Math.min(max, 0.3 * (opponents - 1));
}

/** Opponents spaced evenly along the arc, left to right in turn order. */
export function arcSeats(order: readonly number[], arc: SeatArc): Map<number, Point> {
  const out = new Map<number, Point>();
  order.forEach((seat, i) => {
    const t = order.length === 1 ? 0.5 : 0.5 - arc.spread / 2 + (arc.spread * i) / (order.length - 1);
    const a = Math.PI + t * Math.PI;
    out.set(seat, { x: arc.cx + Math.cos(a) * arc.rx, y: arc.cy + Math.sin(a) * arc.ry });
  });
  return out;
}

/** Portrait: opponents in one row (up to 3) or two, evenly spaced. */
export function rowSeats(order: readonly number[], w: number, top: number, rowH: number): Map<number, Point> {
  const perRow = order.length <= 3 ? order.length : Math.ceil(order.length / 2);
  const out = new Map<number, Point>();
  order.forEach((seat, i) => {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, order.length - row * perRow);
    out.set(seat, { x: (w * ((i % perRow) + 0.5)) / inRow, y: top + row * rowH });
  });
  return out;
}

/**
 * Where cards held by `seat` are on screen, for animations: `own()` (a slot of the own hand) for
 * the own seat, else `lift` above the seat's badge centre (top centre of a screen `width` wide
 * when the seat has no place).
 */
export function seatAnchor(
  seat: number,
  mySeat: number | null,
  own: () => Point,
  seats: ReadonlyMap<number, Point>,
  lift: number,
  width: number,
): Point {
  if (seat === mySeat) return own();
  const p = seats.get(seat) ?? { x: width / 2, y: lift };
  return { x: p.x, y: p.y - lift };
}
