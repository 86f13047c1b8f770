/**
 * Sound and attention at a table: a sound for your turn, a card played, a trick
 * or round won, Hit the Deck's reveal and the last seconds of your timer (sounds.ts); while the
 * tab is hidden and it is your turn, the tab's title and favicon say "Your turn" and, when the
 * player turned it on, a browser notification does too. The toolbar's Sound button opens a
 * small panel (mute, volume, notifications) under it, closed by default so it covers nothing.
 */
import type { Json, TableSnap } from "../net/snapshot.ts";
import type { EventBatch, TableSession } from "../net/table-session.ts";
import { h, uiRoot } from "../ui/dom.ts";
import { sounds, type Cue } from "./sounds.ts";
import { keyboardTableControl } from "../a11y/dock.ts";
import "./social.css";

export const TURN_TITLE = "Your turn · Scat Tables";
const LAST_SECONDS = 5;

const EVENT_CUES: Readonly<Record<string, Cue>> = {
  cardPlayed: "card",
  cardDiscarded: "card",
  cardBuried: "card",
  trickWon: "won",
  roundScored: "won",
  handScored: "won",
  gameWon: "won",
  raceOpened: "reveal",
  deckFlipped: "reveal",
  scatRevealed: "reveal",
};

/** A favicon with a gold dot: "Your turn". Drawn once, as a data URL (the CSP allows data: images). */
function turnIcon(): string {
  const c = document.createElement("canvas");
  c.width = c.height = 32;
  const g = c.getContext("2d");
  if (!g) return "";
  g.fillStyle = "#f5c542";
  g.beginPath();
  g.arc(16, 16, 14, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = "#1b120b";
  g.font = "bold 20px sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillText("!", 16, 17);
  return c.toDataURL("image/png");
}

export class Attention {
  private myTurn = false;
  private lastTick = -1;
  private readonly title = document.title;
  private icon: HTMLLinkElement | null = null;
  private readonly iconHref: string | null;
  private readonly controls: HTMLElement;
  /** The toolbar's sound button: opens the controls (mute, volume, notify). */
  readonly button: HTMLElement;
  private readonly offs: Array<() => void> = [];
  private notice: Notification | null = null;

  constructor(private readonly session: TableSession) {
    this.icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    this.iconHref = this.icon?.href ?? null;
    this.controls = this.buildControls();
    this.controls.hidden = true;
    uiRoot().append(this.controls);
    this.button = h("button", {
      type: "button",
      testid: "sound-button",
      "aria-expanded": "false",
      title: "Sound and notifications",
      "aria-label": "Sound and notifications",
    });
    this.label();
    this.button.addEventListener("click", () => {
      this.controls.hidden = !this.controls.hidden;
      this.button.setAttribute("aria-expanded", String(!this.controls.hidden));
    });
    this.offs.push(session.feed.subscribe((snap) => this.onSnap(snap)));
    this.offs.push(session.events.on((batch) => this.onEvents(batch)));
    // Hidden during your turn, or your turn while hidden: the title says so; back in view, it is cleared.
    const visible = (): void => {
      if (!document.hidden) this.clearAlert();
      else if (this.myTurn) this.alert();
    };
    document.addEventListener("visibilitychange", visible);
    this.offs.push(() => document.removeEventListener("visibilitychange", visible));
  }

  /** Called every frame: the last seconds of your own timer tick. */
  tick(now: number): void {
    const deadline = this.session.snap.deadline;
    if (!this.myTurn || deadline <= 0) return;
    const left = Math.ceil((deadline - now) / 1000);
    if (left > 0 && left <= LAST_SECONDS && left !== this.lastTick) {
      this.lastTick = left;
      sounds().play("tick");
    }
  }

  private onSnap(snap: TableSnap): void {
    const seat = this.session.mySeat;
    const mine = snap.status === "playing" && seat !== null && snap.awaiting.includes(seat);
    if (mine && !this.myTurn) {
      this.lastTick = -1;
      sounds().play("turn");
      if (document.hidden) this.alert();
    }
    if (!mine && this.myTurn) this.clearAlert();
    this.myTurn = mine;
  }

  private onEvents(batch: EventBatch): void {
    const cues = new Set<Cue>();
    for (const e of batch.events) {
      const type = (e as { type?: Json } | null)?.type;
      if (typeof type === "string" && Object.hasOwn(EVENT_CUES, type)) cues.add(EVENT_CUES[type]!);
    }
    // One sound per step: the most telling.
    const cue = (["won", "reveal", "card"] as const).find((c) => cues.has(c));
    if (cue) sounds().play(cue);
  }

  private alert(): void {
    document.title = TURN_TITLE;
    if (this.icon) this.icon.href = turnIcon() || this.icon.href;
    else {
      this.icon = h("link", { rel: "icon", href: turnIcon() }) as HTMLLinkElement;
      document.head.append(this.icon);
    }
    if (sounds().prefs.notify && "Notification" in window && Notification.permission === "granted") {
      try {
        this.notice = new Notification("Your turn", { body: "Scat Tables: it is your turn to play.", tag: "scat-turn" });
      } catch {
        // Some browsers allow notifications from a service worker only.
      }
    }
  }

  private clearAlert(): void {
    if (document.title === TURN_TITLE) document.title = this.title;
    if (this.icon) {
      if (this.iconHref) this.icon.href = this.iconHref;
      else if (this.icon.href.startsWith("data:")) {
        this.icon.remove();
        this.icon = null;
      }
    }
    this.notice?.close();
    this.notice = null;
  }

  /** "Sound" / "Muted" on a wide screen, a note (crossed when muted) on a narrow one. */
  private label(): void {
    const muted = sounds().prefs.muted;
    this.button.replaceChildren(
      h("span", { class: "wide-only" }, muted ? "Muted" : "Sound"),
      h("span", { class: "narrow-only", "aria-hidden": "true" }, muted ? "♪̸" : "♪"),
    );
  }

  private buildControls(): HTMLElement {
    const s = sounds();
    const mute = h(
      "button",
      { type: "button", testid: "sound-mute", "aria-pressed": String(s.prefs.muted), title: "Sounds on or off" },
      s.prefs.muted ? "Sound off" : "Sound on",
    );
    const volume = h("input", {
      type: "range",
      min: 0,
      max: 100,
      step: 5,
      value: Math.round(s.prefs.volume * 100),
      testid: "sound-volume",
      "aria-label": "Volume",
    });
    const notify = h("input", { type: "checkbox", testid: "sound-notify", checked: s.prefs.notify });
    mute.addEventListener("click", () => {
      s.set({ muted: !s.prefs.muted });
      mute.textContent = s.prefs.muted ? "Sound off" : "Sound on";
      mute.setAttribute("aria-pressed", String(s.prefs.muted));
      this.label();
    });
    volume.addEventListener("input", () => s.set({ volume: Number(volume.value) / 100 }));
    notify.addEventListener("change", () => {
      s.set({ notify: notify.checked });
      if (notify.checked && "Notification" in window && Notification.permission === "default") void Notification.requestPermission();
    });
    return h(
      "div",
      { class: "sound-controls", testid: "sound-controls" },
      mute,
      volume,
      h("label", { class: "check", title: "A notification when it is your turn and this tab is hidden" }, notify, h("span", {}, "Notify")),
      keyboardTableControl(),
    );
  }

  destroy(): void {
    for (const off of this.offs) off();
    this.clearAlert();
    this.controls.remove();
    this.button.remove();
  }
}
