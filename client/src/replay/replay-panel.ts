/**
 * The replay viewer's HTML: transport (start, step back, play/pause, step on, end), a position
 * slider, speed, whose view (each seat, a spectator, every hand open), jump to a round, what the
 * last step was, and a side panel with the round result, the open hands and the game's extras
 * (Hit the Deck: the last race in full). It docks beside (or below) the canvas, which shrinks
 * to the rest of the window (replay.css), so it never covers the table.
 */
import type { Replay } from "@scat/shared/fairness/replay.ts";
import type { GameModule } from "../games/types.ts";
import type { Json, TableSnap } from "../net/snapshot.ts";
import { domTarget, type Target } from "../test-hook.ts";
import { h, uiRoot } from "../ui/dom.ts";
import { defaultGameTitle, defaultRoundTitle, rankingList } from "../ui/result-defaults.ts";
import { resultTable } from "../ui/result-table.ts";
import { viewSeat, type ReplayView } from "./replay-snap.ts";
import { localTime, replaySeatName, stepSentence } from "./step-words.ts";
import { logLine } from "../ui/move-log/lines.ts";
import type { Checked } from "./replay-loader.ts";

export const SPEEDS = [0.5, 1, 2, 4, 8] as const;

export interface PanelActions {
  seek(frame: number): void;
  step(delta: 1 | -1): void;
  play(on: boolean): void;
  speed(x: number): void;
  view(v: ReplayView): void;
  exit(): void;
}

export interface PanelState {
  readonly frame: number;
  readonly view: ReplayView;
  readonly playing: boolean;
  readonly speed: number;
  readonly snap: TableSnap;
  readonly extra: HTMLElement | null;
  readonly module: GameModule | null;
}

const viewKey = (v: ReplayView): string => (v.kind === "seat" ? `seat:${v.seat}` : v.kind);
function parseView(key: string): ReplayView {
  if (key.startsWith("seat:")) return { kind: "seat", seat: Number(key.slice(5)) };
  return key === "open" ? { kind: "open" } : { kind: "spectator" };
}

function button(testid: string, label: string, title: string, fn: () => void): HTMLButtonElement {
  const b = h("button", { type: "button", testid, title, "aria-label": title }, label);
  b.addEventListener("click", fn);
  return b;
}

/** A log that could not be replayed: the reason, loudly, and the way back. */
export function failurePanel(reason: string, exit: () => void): HTMLElement {
  const el = h(
    "div",
    { class: "panel replay-failed", testid: "replay-error", role: "alert" },
    h("h2", {}, "✗ Cannot replay this game"),
    h("p", { testid: "replay-error-reason" }, reason),
    button("replay-exit", "Back to lobby", "Back to lobby", exit),
  );
  uiRoot().append(el);
  return el;
}

export class ReplayPanel {
  private readonly el: HTMLElement;
  private readonly slider: HTMLInputElement;
  private readonly playBtn: HTMLButtonElement;
  private readonly backBtn: HTMLButtonElement;
  private readonly fwdBtn: HTMLButtonElement;
  private readonly position: HTMLElement;
  private readonly stepLine: HTMLElement;
  private readonly speedSel: HTMLSelectElement;
  private readonly viewSel: HTMLSelectElement;
  private readonly roundSel: HTMLSelectElement;
  private readonly details: HTMLElement;
  private readonly more: HTMLDetailsElement;
  private readonly moreBtn: HTMLButtonElement;
  private readonly sizer: ResizeObserver;
  private playing = false;
  private step = "";
  private detailKey = "";

  constructor(
    private readonly replay: Replay,
    checked: Checked,
    private readonly names: readonly string[] | undefined,
    private readonly actions: PanelActions,
  ) {
    const log = replay.log;
    this.backBtn = button("replay-back", "‹", "Step back", () => actions.step(-1));
    this.fwdBtn = button("replay-forward", "›", "Step forward", () => actions.step(1));
    this.playBtn = button("replay-play", "▶ Play", "Play", () => actions.play(!this.playing));
    this.slider = h("input", {
      type: "range",
      min: 0,
      max: replay.last,
      value: 0,
      step: 1,
      testid: "replay-slider",
      "aria-label": "Position",
    });
    this.slider.addEventListener("change", () => actions.seek(Number(this.slider.value)));
    this.position = h("span", { class: "replay-pos", testid: "replay-position" });
    this.stepLine = h("p", { class: "replay-step", testid: "replay-step" });
    this.speedSel = h(
      "select",
      { testid: "replay-speed", "aria-label": "Speed" },
      ...SPEEDS.map((x) => h("option", { value: x, selected: x === 1 }, `${x}×`)),
    );
    this.speedSel.addEventListener("change", () => actions.speed(Number(this.speedSel.value)));
    const seatOptions = Array.from({ length: replay.seats }, (_, i) =>
      h("option", { value: `seat:${i}` }, `${replaySeatName(names, i)}'s view`),
    );
    this.viewSel = h(
      "select",
      { testid: "replay-view", "aria-label": "Whose view" },
      ...seatOptions,
      h("option", { value: "spectator" }, "Spectator"),
      h("option", { value: "open" }, "All hands open"),
    );
    this.viewSel.addEventListener("change", () => actions.view(parseView(this.viewSel.value)));
    this.roundSel = h(
      "select",
      { testid: "replay-round", "aria-label": "Jump to round" },
      ...replay.rounds.map((r) => h("option", { value: r.frame }, r.round === 0 ? "Start" : `Round ${r.round}`)),
    );
    this.roundSel.addEventListener("change", () => actions.seek(Number(this.roundSel.value)));
    this.details = h("div", { class: "replay-details", testid: "replay-details" });
    // Open beside the table on a wide screen; folded under the controls on a narrow one, so a
    // phone's table keeps two thirds of the screen (six seats did not fit in the rest).
    this.more = h("details", { class: "replay-more", testid: "replay-more" }, h("summary", {}, "Hands and results"), this.details);
    this.more.open = !matchMedia("(max-width: 899px)").matches;
    // A phone shows only the title (with the verdict) and the transport row until "More" (the rest:
    // slider, views, step, hands): the table keeps the screen, laid out as at a live table (replay.css).
    this.moreBtn = h("button", { type: "button", class: "replay-more-btn", testid: "replay-more-btn", "aria-expanded": "false" }, "More ▾");
    this.moreBtn.addEventListener("click", () => this.fold(!this.el.classList.contains("replay-folded")));
    const title = h(
      "div",
      { class: "replay-title" },
      h("strong", {}, `Replay · ${replay.game.title}`),
      verifiedMark(checked, log.commitment),
    );
    this.el = h(
      "div",
      { class: "replay-panel replay-folded", testid: "replay-panel" },
      title,
      h(
        "div",
        { class: "replay-transport" },
        button("replay-start", "«", "To the deal", () => actions.seek(0)),
        this.backBtn,
        this.playBtn,
        this.fwdBtn,
        button("replay-end", "»", "To the end", () => actions.seek(replay.last)),
        this.position,
        this.moreBtn,
      ),
      this.slider,
      h("div", { class: "replay-selects" }, this.viewSel, this.roundSel, this.speedSel),
      this.stepLine,
      this.more,
    );
    uiRoot().append(this.el);
    document.body.classList.add("replay-on");
    // The table (the canvas) takes the rest of the screen: on a phone the panel is only as tall as
    // its controls until "Hands and results" is opened (replay.css, --replay-panel-h).
    this.sizer = new ResizeObserver(() => this.fitCanvas());
    this.sizer.observe(this.el);
    this.fitCanvas();
  }

  /** Folds the panel down to its transport row (only on a narrow screen: replay.css). */
  private fold(on: boolean): void {
    this.el.classList.toggle("replay-folded", on);
    this.moreBtn.textContent = on ? "More ▾" : "Less ▴";
    this.moreBtn.setAttribute("aria-expanded", String(!on));
    this.fitCanvas();
  }

  private fitCanvas(): void {
    // Unfolded on a phone, the panel lies over the table's lower part until folded again: the
    // table keeps its layout (re-laid out in the rest, six seats were crowded again).
    if (!this.el.classList.contains("replay-folded") && matchMedia("(max-width: 899px)").matches) return;
    const px = `${Math.ceil(this.el.getBoundingClientRect().height)}px`;
    if (document.body.style.getPropertyValue("--replay-panel-h") === px) return;
    document.body.style.setProperty("--replay-panel-h", px);
    // The canvas's box changed without the window's: Phaser's scale manager listens to "resize".
    dispatchEvent(new Event("resize"));
  }

  update(s: PanelState): void {
    const replay = this.replay;
    this.playing = s.playing;
    this.playBtn.textContent = s.playing ? "❙❙ Pause" : "▶ Play";
    this.playBtn.title = s.playing ? "Pause" : "Play";
    this.playBtn.setAttribute("aria-label", this.playBtn.title);
    this.backBtn.disabled = s.frame <= 0;
    this.fwdBtn.disabled = s.frame >= replay.last;
    this.slider.value = String(s.frame);
    this.position.textContent = `Step ${s.frame}/${replay.last} · Round ${s.snap.round}`;
    this.speedSel.value = String(s.speed);
    this.viewSel.value = viewKey(s.view);
    const round = [...replay.rounds].reverse().find((r) => r.frame <= s.frame);
    if (round) this.roundSel.value = String(round.frame);
    const frame = replay.at(s.frame);
    // What happened, in the move log's words (names, card names), at the viewer's own clock time.
    const seat = viewSeat(s.view);
    const ctx = { game: replay.log.game, snap: s.snap, mySeat: seat };
    const lines = frame.step
      ? replay
          .eventsFor(s.frame, seat)
          .map((e) => logLine(e as unknown as Json, ctx)?.text ?? "")
          .filter((t) => t !== "")
      : [];
    this.step = stepSentence(frame.step, lines, (i) => (i === seat ? "You" : replaySeatName(this.names, i)));
    this.stepLine.textContent = frame.step ? `${this.step} · ${localTime(frame.now)}` : this.step;
    const key = `${s.frame}|${viewKey(s.view)}`;
    if (key !== this.detailKey) {
      this.detailKey = key;
      this.details.replaceChildren(...this.sections(s));
    }
  }

  stepText(): string {
    return this.step;
  }

  targets(): Target[] {
    const ids = ["replay-start", "replay-back", "replay-play", "replay-forward", "replay-end"];
    return ids
      .map((id) => domTarget(`button:${id}`, this.el.querySelector<HTMLElement>(`[data-testid="${id}"]`)))
      .filter((t): t is Target => t !== null);
  }

  destroy(): void {
    this.sizer.disconnect();
    this.el.remove();
    document.body.classList.remove("replay-on");
    document.body.style.removeProperty("--replay-panel-h");
  }

  private sections(s: PanelState): HTMLElement[] {
    const out: HTMLElement[] = [];
    const snap = s.snap;
    const seat = viewSeat(s.view);
    const r = s.module?.results ?? {};
    if (snap.outcome) {
      out.push(
        h(
          "section",
          { testid: "replay-outcome" },
          h("h3", {}, (r.gameTitle ?? defaultGameTitle)(snap, snap.outcome, seat)),
          r.gameBody
            ? r.gameBody(snap, snap.outcome, seat)
            : rankingList(snap, seat, r.scoreUnit ? (n) => r.scoreUnit?.(snap, n) ?? "" : undefined),
        ),
      );
    }
    if (snap.result && (s.view.kind !== "open" || snap.outcome)) {
      out.push(
        h(
          "section",
          { testid: "replay-result" },
          h("h3", {}, (r.roundTitle ?? defaultRoundTitle)(snap, snap.result, seat)),
          h("div", { class: "table-wrap" }, r.roundBody ? r.roundBody(snap, snap.result, seat) : resultTable(snap, snap.result, seat)),
        ),
      );
    }
    if (s.view.kind === "open") out.push(this.hands(s.frame));
    if (s.extra) out.push(h("section", {}, s.extra));
    return out;
  }

  private hands(frame: number): HTMLElement {
    const hands = this.replay.hands(frame);
    return h(
      "section",
      { testid: "replay-hands" },
      h("h3", {}, "All hands"),
      ...hands.map((hand, seat) =>
        h(
          "div",
          { class: "replay-hand", testid: `replay-hand-${seat}` },
          h("span", { class: "replay-hand-seat" }, `${replaySeatName(this.names, seat)} (${hand.length})`),
          ...hand.map((card) => h("span", { class: "chip" }, card)),
        ),
      ),
    );
  }
}

/** Says what was verified, not just that something was (docs/FAIRNESS.md, "Replays"). */
function verifiedMark(checked: Checked, commitment: string): HTMLElement {
  const short = `${commitment.slice(0, 16)}…`;
  const [text, title] =
    checked.kind === "stored"
      ? [
          "✓ verified: stored on this server",
          `Match ${checked.matchId} from this server's store: its seed matches the commitment ${short} the server published at the table, and every step replays`,
        ]
      : checked.kind === "table"
        ? [
            "✓ verified against the table",
            `The seed matches the commitment ${short} shown at the table before the deal, and every step replays`,
          ]
        : [
            "self-consistent only",
            `A file: every step replays from its seed, and the seed matches the commitment ${short} written in the same file. Whoever wrote the file chose both, so this does not show the deal was fair`,
          ];
  return h(
    "span",
    { class: `replay-verified replay-verified-${checked.kind}`, testid: "replay-verified", "data-checked": checked.kind, title },
    text,
  );
}
