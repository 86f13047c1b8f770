/**
 * Renders a round `result` generically: one row per seat with the hand, its value, every
 * scoring item the server lists in `breakdown`, the round delta and the total. Games tune it
 * with `ResultTableOptions` (column labels, always-shown items, card images).
 */
import { cardImageUrl } from "../objects/card-art.ts";
import type { Json, TableSnap } from "../net/snapshot.ts";
import { h } from "./dom.ts";
import { seatLabel } from "./names.ts";

export interface ResultTableOptions {
  /** Column headings by item key (default: the key in words, "knockPenalty" -> "Knock Penalty"). */
  readonly labels?: Readonly<Record<string, string>>;
  /** Items shown even when nobody scored them, in this order. */
  readonly core?: readonly string[];
  /** More per-seat keys that are not scoring items. */
  readonly skip?: readonly string[];
  /** Items shown with the sign flipped (`livesLost: 1` -> -1). */
  readonly negate?: readonly string[];
  /** No "Round" delta column, and the last column is called `totalLabel`. */
  readonly hideDelta?: boolean;
  readonly totalLabel?: string;
  /** Image of a card for the hand column (default: Devil's Scat art). */
  readonly imageUrl?: (card: string) => string;
}

const LABELS: Record<string, string> = { delta: "Round", total: "Total" };
/** Per-seat keys that are not scoring items (shown elsewhere or not at all). */
const SKIP = new Set(["seat", "name", "hand", "cards", "value", "out", "sittingOut", "delta", "total"]);

function humanize(key: string, labels: Readonly<Record<string, string>>): string {
  return labels[key] ?? LABELS[key] ?? key.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase());
}

/** `result.x` as a per-seat list, whether sent as an array or keyed by seat. */
export function perSeat(v: unknown, seats: number): Array<Json | null> {
  const out: Array<Json | null> = [];
  for (let i = 0; i < seats; i++) {
    const entry = Array.isArray(v) ? (v.find((e: unknown) => (e as Json | null)?.["seat"] === i) ?? v[i]) : (v as Json | null)?.[String(i)];
    out.push(
      typeof entry === "object" && entry !== null && !Array.isArray(entry)
        ? (entry as Json)
        : Array.isArray(entry)
          ? { cards: entry }
          : null,
    );
  }
  return out;
}

export function formatValue(v: unknown): string {
  if (typeof v !== "number") return typeof v === "string" ? v : "";
  return Number.isInteger(v) ? String(v) : `${Math.floor(v)}½`;
}

function formatItem(v: unknown): string {
  if (v === true) return "✓";
  if (v === false || v === null || v === undefined || v === 0) return "";
  if (typeof v === "number") return v > 0 ? `+${v}` : String(v);
  return String(v);
}

function cardsOf(hand: Json | null): string[] {
  const c = hand?.["cards"] ?? hand?.["hand"];
  if (typeof c === "string") return c.split(/\s+/).filter((x) => x !== "");
  return Array.isArray(c) ? c.filter((x): x is string => typeof x === "string") : [];
}

function handCell(hand: Json | null, url: (card: string) => string): HTMLElement {
  return h(
    "td",
    { class: "hand-cell" },
    ...cardsOf(hand).map((card) => h("img", { class: "mini-card", src: url(card), alt: card, title: card })),
  );
}

/** Scoring columns: the core items, then any other item someone scored. */
function itemKeys(rows: ReadonlyArray<Json | null>, o: ResultTableOptions): string[] {
  const skip = new Set([...SKIP, ...(o.skip ?? [])]);
  const all = [...new Set(rows.flatMap((b) => (b ? Object.keys(b) : [])))].filter((k) => !skip.has(k));
  const used = (k: string): boolean =>
    rows.some((b) => {
      const v = b?.[k];
      return v !== undefined && v !== 0 && v !== false && v !== null;
    });
  const core = (o.core ?? []).filter((k) => all.includes(k));
  return [...core, ...all.filter((k) => !core.includes(k) && used(k))];
}

export function resultTable(snap: TableSnap, result: Json, mySeat: number | null, o: ResultTableOptions = {}): HTMLElement {
  const n = snap.seats.length;
  const seatRows = result["seats"] !== undefined ? perSeat(result["seats"], n) : null;
  const hands = seatRows ?? perSeat(result["hands"], n);
  const breakdown = seatRows ?? perSeat(result["breakdown"], n);
  const keys = itemKeys(breakdown, o);
  const winner = result["winner"];
  const labels = o.labels ?? {};
  const negate = new Set(o.negate ?? []);
  const noDelta = o.hideDelta === true;
  const totalLabel = o.totalLabel ?? "Total";
  const head = h(
    "tr",
    {},
    ...["Player", "Hand", "Value", ...keys.map((k) => humanize(k, labels)), ...(noDelta ? [] : ["Round"]), totalLabel].map((t) =>
      h("th", {}, t),
    ),
  );
  // Each number cell carries its heading: a phone shows a row as labelled numbers (styles.css),
  // as ten columns did not fit its width; an empty item is left out there.
  const cell = (label: string, text: string, cls = "num"): HTMLElement =>
    h("td", { class: `${cls}${text === "" ? " blank" : ""}`, "data-label": label }, text);
  const rows = snap.seats.map((seat, i) => {
    const b = breakdown[i] ?? null;
    const total = b?.["total"] ?? seat.score;
    const name = `${seatLabel(seat.name, i)}${i === mySeat ? " (you)" : ""}`;
    const out = b?.["out"] === true ? " (out)" : "";
    return h(
      "tr",
      { class: `${i === winner ? "winner" : ""}${i === mySeat ? " me" : ""}`, testid: `result-row-${i}` },
      h("td", { class: "name" }, i === winner ? `★ ${name}${out}` : `${name}${out}`),
      handCell(hands[i] ?? null, o.imageUrl ?? cardImageUrl),
      cell("Value", formatValue(hands[i]?.["value"])),
      ...keys.map((k) => cell(humanize(k, labels), formatItem(negate.has(k) && typeof b?.[k] === "number" ? -b[k] : b?.[k]))),
      noDelta ? null : cell("Round", formatItem(b?.["delta"]) || "0", "num delta"),
      cell(totalLabel, String(total), "num total"),
    );
  });
  return h(
    "div",
    { class: "table-wrap" },
    h("table", { class: "results", testid: "result-table" }, h("thead", {}, head), h("tbody", {}, ...rows)),
  );
}
