/**
 * The table for the keyboard and screen readers: a DOM layer beside the canvas that mirrors the
 * game (hand, table, actions, seats, recent moves) as labelled, focusable controls built from the
 * snapshot (model.ts), announces what others did and whose turn it is, and moves the focus to
 * the hand when the turn comes to a keyboard player. Visually hidden (screen readers still read
 * it) until a keyboard player moves into it, then a panel docked beside the table (dock.ts).
 */
import type { Json, TableSnap } from "../net/snapshot.ts";
import type { TableSession } from "../net/table-session.ts";
import type { Rejection } from "@scat/shared";
import { logLine } from "../ui/move-log/lines.ts";
import { explainRejection } from "../net/errors.ts";
import { gameModule } from "../games/registry.ts";
import { h } from "../ui/dom.ts";
import { a11yGame } from "./games.ts";
import { guessOptions, tableModel, type Control, type TableModel } from "./model.ts";
import { cardWords } from "../ui/move-log/cards.ts";
import { reflectKeys } from "./keys.ts";
import { onCardRefused, type RefusedCard } from "./refusal.ts";
import {
  isArrow,
  isField,
  keyboardNavigating,
  keyboardTableMode,
  onKeyboardTableChange,
  setDocked,
  setKeyboardNavigating,
} from "./dock.ts";
import "./a11y.css";

/** How long a refused click waits for the table's answer to show it beside the card. */
const BUBBLE_WAIT_MS = 4000;
const HELP =
  "Tab moves between groups; arrow keys move in your hand; Enter or Space plays; Escape closes this panel. Keys: H hand, A actions, T time left, W whose turn.";

export class TableA11y {
  readonly root: HTMLElement;
  private readonly status = h("p", { class: "a11y-status", testid: "a11y-status" });
  private readonly live = h("div", { class: "a11y-live", "aria-live": "polite", role: "log", testid: "a11y-live" });
  private readonly hand = h("div", { role: "toolbar", "aria-label": "Your hand", class: "a11y-hand", testid: "a11y-hand" });
  private readonly reason = h("p", { class: "a11y-reason", role: "alert", testid: "a11y-reason" });
  private readonly table = h("div", { role: "group", "aria-label": "Table", class: "a11y-row", testid: "a11y-piles" });
  private readonly actions = h("div", { role: "group", "aria-label": "Actions", class: "a11y-row", testid: "a11y-actions" });
  private readonly guess = h("div", { role: "group", "aria-label": "Guess a card", class: "a11y-row" });
  private readonly timer = h("p", { class: "a11y-timer", tabindex: 0, testid: "a11y-timer" });
  private readonly seats = h("ul", { "aria-label": "Seats", class: "a11y-seats", testid: "a11y-seats" });
  private readonly els = new Map<string, HTMLButtonElement>();
  private model: TableModel | null = null;
  private picked: string[] = [];
  private lastPressed: string | null = null;
  private wasMyTurn = false;
  private lastStatus = "";
  private lastSecond = -1;
  /** A refused canvas click waiting for its reason: where to show it. */
  private refusedAt: (RefusedCard & { at: number }) | null = null;
  /** The table's rejection the bubble last said (see `answeredBeside`). */
  private bubbled: Rejection | null = null;
  private readonly bubble = h("div", { class: "a11y-bubble", testid: "refusal-bubble", "aria-hidden": "true" });
  private readonly cleanups: Array<() => void> = [];
  private readonly title: HTMLElement;
  private readonly gameTitle: string;
  /** Shown as a docked panel now (else visually hidden). */
  private open = false;
  private mode = keyboardTableMode();
  /** Setting "on": closed with Escape until the next Tab or arrow key. */
  private dismissed = false;
  /** Where the focus was before it came into the panel: Escape takes it back there. */
  private returnTo: HTMLElement | null = null;

  constructor(
    private readonly session: TableSession,
    leave: () => void,
  ) {
    const title = gameModule(session.game)?.title ?? session.game;
    this.gameTitle = title;
    this.title = h("h2", { class: "a11y-title", testid: "a11y-title" }, `${title}: keyboard table`);
    const shortcuts = a11yGame(session.game).shortcuts ?? "";
    // The panel (position: fixed) never scrolls itself: its body does. Chromium painted a white
    // rectangle over the WebGL canvas above a fixed element that was its own overflowing scroller.
    this.root = h(
      "section",
      { id: "a11y-table", class: "a11y-table", "aria-label": `${title} table`, testid: "a11y-table" },
      h(
        "div",
        { class: "a11y-body", testid: "a11y-body" },
        this.title,
        this.status,
        this.timer,
        h("h3", {}, "Your hand"),
        this.hand,
        this.reason,
        h("h3", {}, "Table"),
        this.table,
        h("h3", {}, "Actions"),
        this.actions,
        this.guess,
        h("h3", {}, "Seats"),
        this.seats,
        h("div", { class: "a11y-row" }, this.leaveButton(leave)),
        h("h3", {}, "Recent moves"),
        this.live,
        h("p", { class: "a11y-help", testid: "a11y-help" }, `${HELP} ${shortcuts}`.trim()),
      ),
    );
    document.body.prepend(this.root);
    this.hand.addEventListener("keydown", (e) => this.handKey(e));
    this.cleanups.push(
      session.feed.subscribe((snap) => this.render(snap)),
      session.events.on((batch) => this.announceEvents(batch.events)),
      session.rejections.on((r) => this.refused(explainRejection(r), r)),
      reflectKeys((k) => this.shortcut(k)),
      () => onCardRefused(null),
      () => this.bubble.remove(),
    );
    onCardRefused((r) => this.cardClickRefused(r));
    this.watchOpen();
  }

  /** Opens and closes the panel as the focus, the keys used and the setting change (dock.ts). */
  private watchOpen(): void {
    const update = (): void => this.updateOpen();
    const later = (): void => void queueMicrotask(update);
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === "Escape") this.escape(e);
      else this.openKey(e);
    };
    const onFocusIn = (e: FocusEvent): void => {
      const from = e.relatedTarget as HTMLElement | null;
      if (!from || !this.root.contains(from)) this.returnTo = from;
      update();
    };
    this.root.addEventListener("focusin", onFocusIn);
    this.root.addEventListener("focusout", later);
    window.addEventListener("keydown", onKey);
    this.cleanups.push(
      onKeyboardTableChange(update),
      () => window.removeEventListener("keydown", onKey),
      () => setDocked(false),
    );
    update();
  }

  private updateOpen(): void {
    const mode = keyboardTableMode();
    // A setting just chosen ("on") shows the panel even if Escape closed it before.
    if (mode !== this.mode) this.dismissed = false;
    this.mode = mode;
    const inside = this.root.contains(document.activeElement);
    const open = mode === "on" ? !this.dismissed : mode === "auto" && inside && keyboardNavigating();
    if (open === this.open) return;
    this.open = open;
    this.root.classList.toggle("a11y-open", open);
    setDocked(open);
  }

  /** Tab or an arrow key on the table (not in a field or a dialog) brings the panel and its hand. */
  private openKey(e: KeyboardEvent): void {
    if (e.key !== "Tab" && !isArrow(e.key)) return;
    if (keyboardTableMode() === "off") return;
    this.dismissed = false;
    // From the page itself (no control focused) the first Tab or arrow goes to the hand: the
    // browser's own Tab would start after a button the last scene removed (Quick play).
    if ((e.key === "Tab" || !isField(e.target)) && !this.root.contains(e.target as Node) && !this.dialogOpen()) {
      const active = document.activeElement;
      if (!active || active === document.body || active.tagName === "CANVAS") {
        // Nothing to hold yet (a table still waiting for players): the browser's own Tab.
        if (this.focusFirst(this.hand, true) || this.focusFirst(this.hand) || this.focusFirst(this.table) || this.focusFirst(this.actions))
          e.preventDefault();
      }
    }
    this.updateOpen();
  }

  /** Escape closes the panel; the focus goes back where it was before (or to the page). */
  private escape(e: KeyboardEvent): void {
    if (!this.open || this.dialogOpen()) return;
    e.preventDefault();
    this.dismissed = true;
    const back = this.returnTo?.isConnected && !this.root.contains(this.returnTo) && this.returnTo !== document.body ? this.returnTo : null;
    setKeyboardNavigating(false);
    if (back) back.focus();
    else (document.activeElement as HTMLElement | null)?.blur();
    this.updateOpen();
  }

  private dialogOpen(): boolean {
    return document.querySelector("dialog[open], [role='dialog']:not([hidden])") !== null;
  }

  tick(): void {
    const snap = this.session.snap;
    const left =
      snap.deadline > 0 && snap.status === "playing" ? Math.max(0, Math.ceil(this.session.clock.remaining(snap.deadline) / 1000)) : -1;
    if (left === this.lastSecond) return;
    this.lastSecond = left;
    this.timer.textContent = left < 0 ? "No clock running." : `Time left: ${left} second${left === 1 ? "" : "s"}.`;
  }

  /** What the layer shows now (for the test hook). */
  state(): Json {
    return {
      hand: this.model?.hand.map((c) => c.label) ?? [],
      actions: this.model?.actions.map((c) => c.label) ?? [],
      status: this.status.textContent,
      focus: (document.activeElement as HTMLElement | null)?.dataset?.["key"] ?? null,
      open: this.open,
    };
  }

  destroy(): void {
    for (const fn of this.cleanups) fn();
    this.root.remove();
  }

  private render(snap: TableSnap): void {
    const heading = `${snap.ranked ? `Ranked ${this.gameTitle}` : this.gameTitle}: keyboard table`;
    if (this.title.textContent !== heading) this.title.textContent = heading;
    const mySeat = this.session.mySeat;
    const legal = tableModel(snap, mySeat, this.picked);
    this.picked = this.picked.filter((c) => legal.hand.some((x) => x.key === `card:${c}` && x.action));
    const m = this.picked.length === 0 ? legal : tableModel(snap, mySeat, this.picked);
    const focusKey = this.focusedKey();
    this.model = m;
    const status = [m.status, ...m.facts].filter(Boolean).join(" ");
    this.status.textContent = status;
    this.sync(this.hand, m.hand, true);
    this.sync(this.table, m.table, false);
    this.sync(this.actions, m.actions, false);
    this.renderGuess(snap);
    this.seats.replaceChildren(...m.seats.map((s) => h("li", { tabindex: 0 }, s)));
    if (m.status !== this.lastStatus && m.status !== "") this.say(m.status);
    this.lastStatus = m.status;
    if (focusKey && document.activeElement === document.body) this.focusKey(focusKey);
    if (m.myTurn && !this.wasMyTurn) this.followTurn();
    this.wasMyTurn = m.myTurn;
  }

  /** Keyed update: a control keeps its element (and the focus) while it exists. */
  private sync(parent: HTMLElement, controls: readonly Control[], roving: boolean): void {
    const keep = new Set(controls.map((c) => c.key));
    for (const el of [...parent.children] as HTMLElement[])
      if (!keep.has(el.dataset["key"] ?? "")) {
        el.remove();
        this.els.delete(el.dataset["key"] ?? "");
      }
    let focusable = controls.findIndex((c) => c.key === this.focusedKey());
    if (focusable < 0)
      focusable = Math.max(
        0,
        controls.findIndex((c) => c.action !== null),
      );
    controls.forEach((c, i) => {
      let el = this.els.get(c.key);
      if (!el) {
        el = h("button", { type: "button", class: "a11y-control", "data-key": c.key, testid: `a11y-${c.key}` });
        el.addEventListener("click", () => this.press(el!.dataset["key"] ?? ""));
        this.els.set(c.key, el);
      }
      el.textContent = c.label;
      el.setAttribute("aria-disabled", c.action ? "false" : "true");
      if (c.pressed !== undefined) el.setAttribute("aria-pressed", String(c.pressed));
      else el.removeAttribute("aria-pressed");
      if (roving) el.tabIndex = i === focusable ? 0 : -1;
      if (parent.children[i] !== el) parent.insertBefore(el, parent.children[i] ?? null);
    });
    parent.hidden = controls.length === 0;
  }

  private leaveButton(leave: () => void): HTMLButtonElement {
    const el = h("button", { type: "button", class: "a11y-control", testid: "a11y-leave" }, "Leave the table");
    el.addEventListener("click", leave);
    return el;
  }

  private renderGuess(snap: TableSnap): void {
    const options = guessOptions(snap, this.session.mySeat);
    this.guess.hidden = options.length === 0;
    if (options.length === 0) return this.guess.replaceChildren();
    const select = h("select", { "aria-label": "Card to guess", testid: "a11y-guess-select" });
    for (const a of options) select.append(h("option", { value: String(a.card) }, cardWords(snap.game, a.card)));
    const go = h("button", { type: "button", class: "a11y-control", testid: "a11y-guess" }, "Guess");
    go.addEventListener("click", () => this.session.sendAction({ type: "guess", card: select.value }));
    if (this.guess.querySelector("select") === document.activeElement) return; // do not pull the list from under the player
    this.guess.replaceChildren(select, go);
  }

  private press(key: string): void {
    const c = [...(this.model?.hand ?? []), ...(this.model?.table ?? []), ...(this.model?.actions ?? [])].find((x) => x.key === key);
    if (!c) return;
    this.lastPressed = key;
    this.reason.textContent = "";
    const a = c.action;
    if (!a) return this.refusedLocally(c);
    if (a.type === "pick") {
      const id = String(a.card);
      this.picked = this.picked.includes(id) ? this.picked.filter((x) => x !== id) : [...this.picked, id].slice(-3);
      return this.render(this.session.snap);
    }
    if (a.type === "choose") {
      const first = this.actions.querySelector<HTMLButtonElement>(`[data-key*='"card":"${String(a.card)}"']`);
      this.say("Choose how to play it in Actions.");
      return first?.focus();
    }
    const out = a11yGame(this.session.game).send?.(a) ?? (a as Json & { type: string });
    if (a.type === "passCards") this.picked = [];
    if (out) this.session.sendAction(out);
  }

  /** A card or pile that cannot be used now: the server's own reason for refusing it. */
  private refusedLocally(c: Control): void {
    const id = c.key.startsWith("card:") ? c.key.slice(5) : null;
    if (id) return this.askWhy(id);
    this.refused(this.model?.myTurn ? "That is not a move you can make now." : `Not your turn. ${this.model?.status ?? ""}`.trim());
  }

  /** A click on a card the canvas did not take: the reason goes next to the card. */
  private cardClickRefused(r: RefusedCard): void {
    this.refusedAt = { ...r, at: Date.now() };
    this.lastPressed = null;
    this.askWhy(r.card);
  }

  /**
   * Why `card` cannot be played: off turn we say so; on turn the table answers (the engine's
   * rejection code and sentence, e.g. "You must follow light ♥ Hearts.") and nothing changes.
   */
  private askWhy(card: string): void {
    const m = this.model;
    if (!m) return;
    if (m.cardActions.has(card)) return this.refused("Choose how to play this card first (its shade, in Actions).");
    if (!m.myTurn) return this.refused(`Not your turn. ${m.status}`.trim());
    const legalType = [...m.cardActions.values()].flat()[0]?.type;
    const type = legalType ?? a11yGame(this.session.game).cardType;
    if (!type) return this.refused("That card cannot be played now.");
    const shade = legalType === "lead" ? [...m.cardActions.values()].flat()[0]?.["shade"] : undefined;
    this.session.sendAction({ type, card, ...(shade ? { shade } : {}) });
  }

  /**
   * Whether the table's rejection `r` is (or is about to be) said in the bubble beside the clicked
   * card, so the table need not toast it too (the same words twice on screen). Either listener may
   * run first: the bubble's rejection, or a click still waiting for its answer.
   */
  answeredBeside(r: Rejection): boolean {
    return this.bubbled === r || (this.refusedAt !== null && Date.now() - this.refusedAt.at < BUBBLE_WAIT_MS);
  }

  private refused(text: string, rejection: Rejection | null = null): void {
    this.reason.textContent = text;
    const at = this.refusedAt;
    if (at && Date.now() - at.at < BUBBLE_WAIT_MS) {
      this.bubbled = rejection;
      this.bubble.textContent = text;
      this.bubble.style.left = `${Math.max(8, Math.min(window.innerWidth - 268, at.x - 130))}px`;
      this.bubble.style.top = `${Math.max(8, at.y - 56)}px`;
      document.body.append(this.bubble);
      this.bubble.classList.remove("a11y-shake");
      void this.bubble.offsetWidth;
      this.bubble.classList.add("a11y-shake");
      const shown = this.bubble.textContent;
      setTimeout(() => {
        if (this.bubble.textContent === shown) this.bubble.remove();
      }, 3500);
    }
    this.refusedAt = null;
    const el = this.lastPressed ? this.els.get(this.lastPressed) : null;
    if (el) {
      el.classList.remove("a11y-shake");
      void el.offsetWidth;
      el.classList.add("a11y-shake");
    }
  }

  private handKey(e: KeyboardEvent): void {
    const buttons = [...this.hand.querySelectorAll<HTMLButtonElement>("button")];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (i < 0) return;
    const to =
      e.key === "ArrowRight" || e.key === "ArrowDown"
        ? i + 1
        : e.key === "ArrowLeft" || e.key === "ArrowUp"
          ? i - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? buttons.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, to))]!;
    for (const b of buttons) b.tabIndex = b === next ? 0 : -1;
    next.focus();
  }

  private shortcut(key: string): boolean {
    // The panel's own keys (its help names them) bring it, as Tab does.
    if (key === "h" || key === "a") setKeyboardNavigating(true);
    if (key === "h") return this.focusFirst(this.hand, true) || this.focusFirst(this.hand);
    if (key === "a")
      return (
        this.focusFirst(this.actions, true) ||
        this.focusFirst(this.table, true) ||
        this.focusFirst(this.guess) ||
        this.focusFirst(this.actions)
      );
    if (key === "t") {
      this.say(this.timer.textContent ?? "");
      return true;
    }
    if (key === "w") {
      this.say(this.status.textContent ?? "");
      return true;
    }
    return false;
  }

  /**
   * The turn came to us: focus the first playable card (or action) for a player who plays by
   * keyboard (the focus is in this layer, or they move around by Tab or arrow keys, or they
   * switched the panel on), unless they are typing elsewhere. A mouse player's turn leaves the
   * focus alone, and so does a game shortcut (Space to slap) or Enter in a banner.
   */
  private followTurn(): void {
    const active = document.activeElement;
    const inLayer = active !== null && this.root.contains(active);
    const free = !active || active === document.body || active.tagName === "CANVAS";
    const mode = keyboardTableMode();
    const keyboard = mode === "on" ? !this.dismissed : mode === "auto" && keyboardNavigating();
    if (!inLayer && !(free && keyboard)) return;
    this.focusFirst(this.hand, true) || this.focusFirst(this.table, true) || this.focusFirst(this.actions, true);
  }

  private focusFirst(group: HTMLElement, playable = false): boolean {
    const el =
      [...group.querySelectorAll<HTMLElement>("button, select")].find((b) => !playable || b.getAttribute("aria-disabled") === "false") ??
      null;
    if (!el || group.hidden) return false;
    if (group === this.hand) for (const b of group.querySelectorAll("button")) (b as HTMLButtonElement).tabIndex = b === el ? 0 : -1;
    el.focus();
    return true;
  }

  private focusKey(key: string): void {
    this.els.get(key)?.focus();
  }

  private focusedKey(): string | null {
    const el = document.activeElement as HTMLElement | null;
    return el && this.root.contains(el) ? (el.dataset["key"] ?? null) : null;
  }

  private announceEvents(events: readonly Json[]): void {
    const ctx = { game: this.session.game, snap: this.session.snap, mySeat: this.session.mySeat };
    for (const e of events) {
      const line = logLine(e, ctx);
      if (line) this.say(line.text);
    }
  }

  private say(text: string): void {
    if (!text) return;
    this.live.append(h("p", {}, text));
    while (this.live.children.length > 8) this.live.firstElementChild?.remove();
  }
}
