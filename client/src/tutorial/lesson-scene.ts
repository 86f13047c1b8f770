/**
 * The guided first game (ARCHITECTURE.md "Guided first games"): a goal screen,
 * then one round on the lesson's fixed deal against bots, in the game's own table view and the
 * keyboard layer, with a prompt that points at the card, pile or button of the move to make. A
 * wrong move is refused with its reason (the engine's, or the lesson's). The round over, "Now
 * play a real game" quick-plays an ordinary bot table of the same game. Skip leaves at any time.
 * Everything runs in the page: the lesson is the shared engine on a seed (shared/src/tutorial/).
 */
import Phaser from "phaser";
import "./lesson.css";
import type { Rejection } from "@scat/shared";
import { Lesson, type Action } from "@scat/shared/tutorial/lesson.ts";
import { lessonFor } from "@scat/shared/tutorial/scripts.ts";
import { gameModule } from "../games/registry.ts";
import type { GameModule, GameTableView, TableHost } from "../games/types.ts";
import { TableA11y } from "../a11y/table-a11y.ts";
import { loadName } from "../net/storage.ts";
import { sanitizeOptions } from "../net/table-options.ts";
import { SCENES, toLobby } from "../scenes/flow.ts";
import { createTableView, TableBase } from "../scenes/table-base.ts";
import { addTargets, domTarget, setStateProvider, type Target } from "../test-hook.ts";
import { h, uiRoot } from "../ui/dom.ts";
import { notThisOne, promptFor, type Prompt } from "./coach.ts";
import { endLines, introLines } from "./lesson-words.ts";
import { LessonSession } from "./lesson-session.ts";
import { remember } from "./offer.ts";

export interface LessonData {
  readonly game: string;
}

type Stage = "goal" | "play" | "end" | "skip";

/** The pause before each move of the table, so the player sees it happen. */
const TABLE_MS = 850;
/** Scatterbrain's memorising: long enough to look at the deal. */
const MEMORISE_MS = 4500;
/** How long a refusal stays next to the prompt. */
const REFUSAL_MS = 5000;
/** What the prompt never covers: the seats and the hand. */
const KEEP_CLEAR = /^(seat|card):/;

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** The area two boxes share (0 when apart). */
function overlap(a: Box, b: Box): number {
  return (
    Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top))
  );
}

export class LessonScene extends Phaser.Scene {
  private gameId = "";
  private lesson: Lesson | null = null;
  private session: LessonSession | null = null;
  private module: GameModule | null = null;
  private table: GameTableView | null = null;
  private base!: TableBase;
  private a11y: TableA11y | null = null;
  private stage: Stage = "goal";
  private panel: HTMLElement | null = null;
  private readonly bubble = h("div", {
    class: "lesson-prompt",
    testid: "lesson-prompt",
    "aria-live": "polite",
    role: "status",
    tabindex: -1,
  });
  private readonly bubbleText = h("p", { class: "lesson-prompt-text", testid: "lesson-prompt-text" });
  private readonly refusal = h("p", { class: "lesson-refusal", testid: "lesson-refusal", role: "alert" });
  private readonly ring = h("div", { class: "lesson-ring", testid: "lesson-ring", "aria-hidden": "true" });
  private prompt: Prompt | null = null;
  private anchor: Target | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private refusalTimer: ReturnType<typeof setTimeout> | null = null;
  private cleanups: Array<() => void> = [];

  constructor() {
    super(SCENES.lesson);
  }

  create(data: LessonData): void {
    this.gameId = data.game;
    const script = lessonFor(data.game);
    this.stage = "goal";
    this.prompt = null;
    this.anchor = null;
    this.base = new TableBase(this, "Skip", () => this.askSkip());
    this.module = gameModule(data.game);
    if (!script || !this.module) return void toLobby(this.scene, { message: "There is no guided game for that game yet." });
    this.lesson = new Lesson(script);
    const session = new LessonSession(this.lesson, loadName() || "You", {
      lessonReason: () => this.lessonReason(),
      refused: (r) => this.showRefusal(r),
      step: (step) => {
        // A refusal is moot once the player has made a move.
        if (step?.seat === 0) this.refusal.textContent = "";
        this.afterStep();
      },
    });
    this.session = session;
    this.table = createTableView(this.module, this.host(session), `This client cannot show ${data.game} yet.`);
    // Before the keyboard layer sees a snapshot: a pointer player's focus rests on the prompt, so
    // the layer's focus-follows-turn does not open its panel over the lesson; a keyboard player
    // inside the layer (H, Tab) keeps it there.
    const keepFocus = session.feed.subscribe(() => this.keepFocus());
    this.a11y = new TableA11y(session.asTableSession(), () => this.askSkip());
    this.bubble.replaceChildren(this.bubbleText, this.refusal, this.skipLink());
    this.cleanups = [
      keepFocus,
      session.feed.subscribe((snap) => this.table?.render(snap, 0)),
      session.events.on((batch) => batch.events.forEach((e) => this.table?.event?.(e))),
      addTargets(() => this.targets()),
    ];
    setStateProvider(() => this.testState());
    this.scale.on("resize", this.resize, this);
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => this.teardown());
    this.resize();
    this.showGoal();
  }

  override update(): void {
    this.table?.tick(this.lesson?.now() ?? 0);
    this.a11y?.tick();
    if (this.stage === "play") this.place();
  }

  private host(session: LessonSession): TableHost {
    return {
      scene: this,
      session,
      send: (action) => session.sendAction(action),
      topBar: () => ({ h: this.base.barH(), rightInset: this.base.buttonW() + 12 }),
      ping: () => null,
    };
  }

  // --- Stages -------------------------------------------------------------------------------

  private showGoal(): void {
    const title = this.module?.title ?? this.gameId;
    const start = this.button("Start the lesson", "lesson-start", () => this.begin(), true);
    // Goal, how to score, the special rule, then what the lesson does (lesson-words.ts).
    const lines = introLines(this.gameId).map((l) =>
      h(
        "p",
        { class: l.kind === "goal" ? "lesson-goal" : undefined, testid: l.kind === "goal" ? "lesson-goal-text" : `lesson-${l.kind}-text` },
        h("b", {}, `${l.label}: `),
        l.text,
      ),
    );
    this.showPanel(
      "lesson-goal",
      `Learn ${title}`,
      ...lines,
      h(
        "p",
        { class: "lesson-small" },
        "Follow the prompts: they point at the card or button to use. Keyboard: H goes to your hand, A to the piles and actions, arrow keys move, Enter plays. Skip leaves at any time.",
      ),
      h(
        "div",
        { class: "lesson-buttons" },
        start,
        this.button("Skip: play a real game", "lesson-goal-real", () => this.realGame()),
        this.button("Back to the lobby", "lesson-goal-lobby", () => this.toLobby()),
      ),
    );
    start.focus();
  }

  private begin(): void {
    this.closePanel();
    this.stage = "play";
    uiRoot().append(this.bubble, this.ring);
    this.session?.begin();
  }

  /** After every step: the next prompt, the table's next move, or the end. */
  private afterStep(): void {
    const lesson = this.lesson;
    const snap = this.session?.snap;
    if (!lesson || !snap || this.stage === "end") return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (lesson.done()) {
      this.setPrompt({ text: "That's the round!", anchors: [] });
      this.timer = setTimeout(() => this.showEnd(), 1200);
      return;
    }
    const want = lesson.lesson();
    if (want) return this.setPrompt(promptFor(this.gameId, snap, want));
    const memorise = lesson.state.phase === "memorise";
    const turn = snap.turn >= 0 && snap.turn !== 0 ? snap.seats[snap.turn]?.name : null;
    this.setPrompt({
      text: memorise
        ? "Memorise the deal: in a few seconds every hand is turned face down."
        : turn
          ? `${turn} is playing…`
          : "The others are playing…",
      anchors: [],
    });
    this.tableMove(memorise ? MEMORISE_MS : TABLE_MS);
  }

  /** The table's next move after a pause; the table waits while the Skip question is open. */
  private tableMove(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.scene.isActive() || this.stage === "end") return;
      if (this.stage !== "play") return this.tableMove(TABLE_MS);
      if (!this.session?.advance()) this.afterStep();
    }, ms);
  }

  private showEnd(): void {
    this.stage = "end";
    remember(this.gameId, "done");
    this.bubble.remove();
    this.ring.remove();
    const snap = this.session?.snap;
    const scores = snap ? snap.seats.map((s) => `${s.name} ${s.score}`).join(", ") : "";
    const why = snap ? endLines(this.gameId, snap) : [];
    const real = this.button("Now play a real game", "lesson-real", () => this.realGame(), true);
    this.showPanel(
      "lesson-end",
      "Round over: well played!",
      h("p", {}, `You have played a whole round of ${this.module?.title ?? this.gameId}.`),
      scores && h("p", { testid: "lesson-scores" }, `Scores: ${scores}.`),
      why.length > 0 && h("ul", { class: "lesson-why", testid: "lesson-why" }, ...why.map((line) => h("li", {}, line))),
      h("p", { class: "lesson-small" }, "The full rules are under ? at any table."),
      h(
        "div",
        { class: "lesson-buttons" },
        real,
        this.button("Play the lesson again", "lesson-again", () => this.scene.restart({ game: this.gameId } satisfies LessonData)),
        this.button("Back to the lobby", "lesson-end-lobby", () => this.toLobby()),
      ),
    );
    real.focus();
  }

  private askSkip(): void {
    if (this.stage === "skip" || this.stage === "end") return this.stage === "end" ? this.toLobby() : undefined;
    const was = this.stage;
    this.stage = "skip";
    const keep = this.button("Keep learning", "lesson-keep", () => {
      this.closePanel();
      this.stage = was;
      if (was === "goal") this.showGoal();
    });
    this.showPanel(
      "lesson-skip",
      "Skip the lesson?",
      h(
        "div",
        { class: "lesson-buttons" },
        this.button("Play a real game", "lesson-skip-real", () => this.realGame(), true),
        this.button("Back to the lobby", "lesson-skip-lobby", () => this.toLobby()),
        keep,
      ),
    );
    keep.focus();
  }

  private realGame(): void {
    remember(this.gameId, "done");
    const seats = this.lesson?.script.seats ?? 3;
    toLobby(this.scene, { autoPlay: sanitizeOptions({ game: this.gameId as never, seats, bots: seats - 1 }) });
  }

  private toLobby(): void {
    remember(this.gameId, "done");
    toLobby(this.scene);
  }

  // --- Prompt and refusals ------------------------------------------------------------------

  private setPrompt(p: Prompt): void {
    if (this.prompt?.text !== p.text) this.bubbleText.textContent = p.text;
    this.prompt = p;
    this.place();
  }

  private keepFocus(): void {
    const active = document.activeElement;
    if (this.bubble.isConnected && (!active || active === document.body || active.tagName === "CANVAS"))
      this.bubble.focus({ preventScroll: true });
  }

  private lessonReason(): string {
    const want = this.lesson?.lesson();
    const snap = this.session?.snap;
    return want && snap ? notThisOne(this.gameId, snap, want as Action) : "Wait a moment: the others are playing.";
  }

  private showRefusal(r: Rejection): void {
    this.refusal.textContent = r.message;
    this.bubble.classList.remove("lesson-shake");
    void this.bubble.offsetWidth;
    this.bubble.classList.add("lesson-shake");
    if (this.refusalTimer !== null) clearTimeout(this.refusalTimer);
    const shown = r.message;
    this.refusalTimer = setTimeout(() => {
      if (this.refusal.textContent === shown) this.refusal.textContent = "";
    }, REFUSAL_MS);
  }

  /**
   * Puts the bubble where it covers nothing it must not: never the seats, the hand or the top bar
   * (and never what it points at), and, where there is room, nothing else to click either. With
   * something to point at: above it, else below, else beside it; with nothing (the others are
   * playing): the free place nearest the middle of the table. Always on the screen.
   */
  private place(): void {
    if (!this.bubble.isConnected) return;
    const targets = (this.table?.targets() ?? []).filter((t) => t.w > 0 && t.h > 0);
    const anchor = (this.prompt?.anchors ?? []).map((id) => targets.find((t) => t.id === id)).find((t) => t) ?? null;
    this.anchor = anchor;
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const margin = 8;
    const bw = Math.min(340, vw - 2 * margin);
    this.bubble.style.width = `${bw}px`;
    const bh = this.bubble.offsetHeight;
    const barH = this.base.barH();
    const box = (t: Target): Box => ({
      left: t.x - scrollX - t.w / 2,
      top: t.y - scrollY - t.h / 2,
      right: t.x - scrollX + t.w / 2,
      bottom: t.y - scrollY + t.h / 2,
    });
    const must = [{ left: 0, top: 0, right: vw, bottom: barH }, ...targets.filter((t) => t === anchor || KEEP_CLEAR.test(t.id)).map(box)];
    const rather = targets.filter((t) => t !== anchor && !KEEP_CLEAR.test(t.id)).map(box);
    const clamp = (left: number, top: number): { left: number; top: number } => ({
      left: Math.max(margin, Math.min(vw - bw - margin, left)),
      top: Math.max(barH + 4, Math.min(vh - bh - margin, top)),
    });
    const spots: Array<{ left: number; top: number }> = [];
    if (anchor) {
      const a = box(anchor);
      spots.push(clamp(anchor.x - scrollX - bw / 2, a.top - bh - 14), clamp(anchor.x - scrollX - bw / 2, a.bottom + 14));
      // Beside it, the side with more room first.
      const left = clamp(a.left - bw - 14, a.top);
      const right = clamp(a.right + 14, a.top);
      spots.push(...(anchor.x - scrollX > vw / 2 ? [left, right] : [right, left]));
      this.ring.hidden = false;
      Object.assign(this.ring.style, {
        left: `${a.left - 5}px`,
        top: `${a.top - 5}px`,
        width: `${anchor.w + 10}px`,
        height: `${anchor.h + 10}px`,
      });
    } else {
      // Every height from the top bar down, nearest the middle of the screen first.
      for (let top = barH + 4; top <= vh - bh - margin; top += 6) spots.push(clamp((vw - bw) / 2, top));
      spots.sort((p, q) => Math.abs(p.top + bh / 2 - vh / 2) - Math.abs(q.top + bh / 2 - vh / 2));
      if (spots.length === 0) spots.push(clamp((vw - bw) / 2, barH + 6));
      this.ring.hidden = true;
    }
    // The first spot that covers least of what it must not, then of the rest.
    const cost = (p: { left: number; top: number }): number => {
      const r = { left: p.left, top: p.top, right: p.left + bw, bottom: p.top + bh };
      return 1000 * must.reduce((n, o) => n + overlap(r, o), 0) + rather.reduce((n, o) => n + overlap(r, o), 0);
    };
    let best = spots[0]!;
    let bestCost = cost(best);
    for (const p of spots.slice(1)) {
      if (bestCost === 0) break;
      const c = cost(p);
      if (c < bestCost) [best, bestCost] = [p, c];
    }
    this.bubble.style.left = `${Math.round(best.left)}px`;
    this.bubble.style.top = `${Math.round(best.top)}px`;
    this.bubble.dataset["anchor"] = anchor?.id ?? "";
  }

  // --- HTML helpers -------------------------------------------------------------------------

  private skipLink(): HTMLButtonElement {
    return this.button("Skip", "lesson-skip", () => this.askSkip(), false, "lesson-skip-link");
  }

  private button(label: string, testid: string, fn: () => void, primary = false, cls = ""): HTMLButtonElement {
    const b = h("button", { type: "button", testid, class: [primary ? "primary" : "", cls].filter(Boolean).join(" ") }, label);
    b.addEventListener("click", () => fn());
    return b;
  }

  private showPanel(testid: string, title: string, ...body: Array<HTMLElement | "" | null | false>): void {
    this.closePanel();
    this.panel = h(
      "div",
      { class: "lesson-overlay", testid: `${testid}-overlay` },
      h(
        "article",
        { class: "panel lesson-panel", role: "dialog", "aria-modal": "true", "aria-label": title, testid },
        h("h2", {}, title),
        ...body,
      ),
    );
    uiRoot().append(this.panel);
  }

  private closePanel(): void {
    this.panel?.remove();
    this.panel = null;
  }

  private resize(): void {
    this.base.layout();
    this.table?.resize(this.scale.width, this.scale.height);
  }

  private targets(): Target[] {
    const skip = this.base.target("button:skip-lesson");
    const dom = [...document.querySelectorAll<HTMLElement>(".lesson-panel button, .lesson-prompt button")]
      .map((el) => domTarget(`button:${el.dataset["testid"] ?? ""}`, el))
      .filter((t): t is Target => t !== null);
    return [...(this.stage === "play" ? (this.table?.targets() ?? []) : []), ...dom, ...(skip ? [skip] : [])];
  }

  private testState(): Record<string, unknown> {
    const snap = this.session?.snap;
    const lesson = this.lesson;
    return {
      scene: "lesson",
      game: this.gameId,
      stage: this.stage,
      phase: snap?.phase ?? "",
      version: snap?.version ?? 0,
      done: lesson?.done() ?? false,
      prompt: this.stage === "play" ? this.bubbleText.textContent : null,
      anchor: this.anchor ? { id: this.anchor.id, x: this.anchor.x, y: this.anchor.y, w: this.anchor.w, h: this.anchor.h } : null,
      refusal: this.refusal.textContent || null,
      lessonMove: lesson?.lesson() ?? null,
      hand: snap?.seats[0]?.mine?.hand ?? [],
      legal: snap?.seats[0]?.mine?.legal ?? [],
      seats: snap?.seats.map((s) => ({ name: s.name, score: s.score, handCount: s.handCount })) ?? [],
      a11y: this.a11y?.state() ?? null,
      ...(snap ? (this.module?.testState?.(snap, 0) ?? {}) : {}),
    };
  }

  private teardown(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.refusalTimer !== null) clearTimeout(this.refusalTimer);
    this.timer = null;
    this.refusalTimer = null;
    this.scale.off("resize", this.resize, this);
    for (const fn of this.cleanups) fn();
    this.cleanups = [];
    this.table?.destroy?.();
    this.table = null;
    this.a11y?.destroy();
    this.a11y = null;
    this.closePanel();
    this.bubble.remove();
    this.ring.remove();
    this.refusal.textContent = "";
    this.lesson = null;
    this.session = null;
  }
}
