/** A rating-history line chart as inline SVG: one point per rated game, oldest on the left. */
import type { HistoryPoint } from "./api.ts";

const W = 520;
const H = 180;
const PAD = 34;
const SVG = "http://www.w3.org/2000/svg";

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

export function historyChart(points: readonly HistoryPoint[]): SVGSVGElement {
  const root = svg("svg", {
    viewBox: `0 0 ${W} ${H}`,
    class: "rating-chart",
    "data-testid": "rating-chart",
    "data-points": points.length,
    role: "img",
    "aria-label": "Rating history",
  });
  if (points.length === 0) {
    root.append(svg("text", { x: W / 2, y: H / 2, "text-anchor": "middle", fill: "#bcd3c3" }, "No rated games yet"));
    return root;
  }
  const ratings = [1500, ...points.map((p) => p.rating)];
  const lo = Math.min(...ratings) - 20;
  const hi = Math.max(...ratings) + 20;
  const x = (i: number) => PAD + (i * (W - 2 * PAD)) / Math.max(1, ratings.length - 1);
  const y = (r: number) => H - PAD + ((r - lo) * (2 * PAD - H)) / (hi - lo);
  for (const r of [lo + 20, hi - 20]) {
    root.append(svg("line", { x1: PAD, x2: W - PAD, y1: y(r), y2: y(r), stroke: "rgba(255,255,255,0.15)" }));
    root.append(svg("text", { x: 4, y: y(r) + 4, fill: "#bcd3c3", "font-size": 11 }, String(Math.round(r))));
  }
  root.append(
    svg("polyline", { points: ratings.map((r, i) => `${x(i)},${y(r)}`).join(" "), fill: "none", stroke: "#f5c542", "stroke-width": 2.5 }),
  );
  ratings.forEach((r, i) => root.append(svg("circle", { cx: x(i), cy: y(r), r: 3.5, fill: i === 0 ? "#bcd3c3" : "#f5c542" })));
  return root;
}
