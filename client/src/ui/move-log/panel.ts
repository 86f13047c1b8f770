/**
 * The move log: every event of this table as a line (move-log/lines.ts), newest at the bottom,
 * in a collapsible panel under the toolbar's Log button. A timeout of our own also pops a toast:
 * a move made for us never passes without a word.
 */
import type { Json } from "../../net/snapshot.ts";
import { h, uiRoot } from "../dom.ts";
import { toast } from "../toast.ts";
import { logLine, type LineContext, type LogLine } from "./lines.ts";

const KEEP = 200;

/** The toast for a decision the table made for us when our time ran out, else null. */
function ownTimeout(e: Json, mySeat: number | null): string | null {
  if (mySeat === null) return null;
  switch (e["type"]) {
    case "turnTimedOut":
      return e["seat"] === mySeat ? "Time ran out — a card was played for you." : null;
    case "passTimedOut":
      return Array.isArray(e["seats"]) && e["seats"].includes(mySeat) ? "Time ran out — three cards were passed for you." : null;
    case "holeChosen":
      return e["seat"] === mySeat && e["timedOut"] === true ? "Time ran out — a hole card was chosen for you." : null;
    default:
      return null;
  }
}

export class MoveLog {
  private readonly el: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly lines: LogLine[] = [];
  private onChange: (count: number) => void = () => undefined;

  constructor() {
    this.list = h("ol", { testid: "move-log-list" });
    this.el = h(
      "aside",
      { class: "move-log", testid: "move-log", hidden: true, "aria-label": "Move log" },
      h("h3", {}, "Moves"),
      this.list,
    );
    uiRoot().append(this.el);
  }

  /** Called with the line count whenever it changes (the toggle shows it). */
  onCount(fn: (count: number) => void): void {
    this.onChange = fn;
  }

  add(events: readonly Json[], ctx: LineContext): void {
    let added = false;
    for (const e of events) {
      const line = logLine(e, ctx);
      if (!line) continue;
      this.lines.push(line);
      if (this.lines.length > KEEP) this.lines.shift();
      added = true;
      const own = ownTimeout(e, ctx.mySeat);
      if (own !== null) toast(own, "error");
    }
    if (!added) return;
    if (!this.el.hidden) this.render();
    this.onChange(this.lines.length);
  }

  get count(): number {
    return this.lines.length;
  }

  get open(): boolean {
    return !this.el.hidden;
  }

  toggle(open = this.el.hidden): void {
    this.el.hidden = !open;
    if (open) this.render();
  }

  /** The newest lines, for the test hook. */
  recent(n = 30): string[] {
    return this.lines.slice(-n).map((l) => l.text);
  }

  destroy(): void {
    this.el.remove();
  }

  private render(): void {
    this.list.replaceChildren(...this.lines.map((l) => h("li", { class: l.kind }, l.text)));
    this.list.scrollTop = this.list.scrollHeight;
  }
}
