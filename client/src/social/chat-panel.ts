/**
 * The table's chat: quick phrases and emotes, free text (the server allows it for saved accounts
 * only and says so), the lines said here, who is watching, and this player's own settings (chat
 * off, spectators' channel off, mute a speaker). Every line is drawn with `textContent` (through
 * `h`'s string children): nothing anyone sends is ever parsed as HTML.
 *
 * It never covers the game: opened from the toolbar's Chat button, it docks beside the table as
 * the keyboard table does (a11y/dock.ts: a column at the right on a wide screen, a sheet at the
 * bottom on a phone) and the table re-lays itself out in the rest of the window. Closed, the
 * button counts the lines said since it was last open, and a polite live region says the count.
 */
import { loadSettings } from "../settings/settings-store.ts";
import { CHAT_CLIENT, CHAT_SERVER, CHAT_TEXT_MAX, EMOTES, QUICK_PHRASES, type ChatLine, type Watchers } from "@scat/shared/social/chat.ts";
import { setDocked } from "../a11y/dock.ts";
import { h } from "../ui/dom.ts";
import "./chat.css";

/** The phrases and emotes in this page's language (the wire carries ids only). */
const PHRASE_TEXT: Record<string, string> = {
  gg: "Good game",
  wp: "Well played",
  hurry: "Hurry up please",
  oops: "Oops",
  thanks: "Thanks",
};
const EMOTE_TEXT: Record<string, string> = { smile: "🙂", laugh: "😄", wow: "😮", sad: "😢", "thumbs-up": "👍", heart: "❤️" };
const KEEP = 50;

interface ChatRoom {
  send(type: string, message?: unknown): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same signature as Colyseus's Room.onMessage, which this names
  onMessage(type: string, fn: (message: any) => void): () => void;
}

/** "Chat", "Chat 3 unread", and what the live region says. */
export function unreadWords(n: number): { label: string; status: string } {
  if (n <= 0) return { label: "Chat", status: "" };
  const shown = n > 99 ? "99+" : String(n);
  return { label: `Chat ${shown} unread`, status: `${shown} unread chat ${n === 1 ? "message" : "messages"}` };
}

export class ChatPanel {
  /** The toolbar's toggle, with the unread count. */
  readonly button: HTMLButtonElement;
  private readonly root: HTMLElement;
  private readonly log: HTMLOListElement;
  private readonly watchers: HTMLElement;
  private readonly count: HTMLElement;
  /** Says the unread count to screen readers (politely: it never interrupts). */
  private readonly status: HTMLElement;
  private readonly unbind: Array<() => void>;
  private off = false;
  private open = false;
  private unread = 0;
  /** The Settings page's "Quick phrases only": typed lines are not shown. */
  private phrasesOnly = false;

  constructor(private readonly room: ChatRoom) {
    this.log = h("ol", { class: "chat-log", testid: "chat-log", "aria-live": "polite" });
    this.watchers = h("p", { class: "chat-watchers", testid: "chat-watchers" }, "Nobody is watching");
    const input = h("input", {
      type: "text",
      maxlength: CHAT_TEXT_MAX,
      placeholder: "Say something (saved accounts)",
      "aria-label": "Chat message",
      testid: "chat-input",
    });
    const form = h("form", { class: "chat-form" }, input, h("button", { type: "submit", testid: "chat-send" }, "Send"));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (text) room.send(CHAT_CLIENT.say, { text });
      input.value = "";
    });
    const phrases = h(
      "div",
      { class: "chat-phrases" },
      ...QUICK_PHRASES.map((p) => this.control(PHRASE_TEXT[p] ?? p, `chat-phrase-${p}`, () => room.send(CHAT_CLIENT.say, { phrase: p }))),
      ...EMOTES.map((e) => this.control(EMOTE_TEXT[e] ?? e, `chat-emote-${e}`, () => room.send(CHAT_CLIENT.say, { emote: e }))),
    );
    const offBox = h("input", { type: "checkbox", testid: "chat-off" });
    offBox.addEventListener("change", () => {
      this.off = offBox.checked;
      room.send(CHAT_CLIENT.prefs, { off: offBox.checked });
    });
    // The Settings page's chat choice (settings/settings-store.ts): "Off" starts with chat off.
    const mode = loadSettings().chat;
    this.phrasesOnly = mode === "phrases";
    if (mode === "off") {
      offBox.checked = true;
      this.off = true;
      room.send(CHAT_CLIENT.prefs, { off: true });
    }
    const specBox = h("input", { type: "checkbox", checked: true, testid: "chat-spectators" });
    specBox.addEventListener("change", () => room.send(CHAT_CLIENT.prefs, { spectators: specBox.checked }));
    const settings = h(
      "div",
      { class: "chat-settings" },
      h("label", {}, offBox, " Chat off"),
      h("label", {}, specBox, " Spectators' chat"),
    );
    const close = this.control("×", "chat-close", () => this.setOpen(false, true));
    close.setAttribute("aria-label", "Close the chat");
    close.title = "Close the chat";
    this.root = h(
      "section",
      { id: "chat-panel", class: "chat-panel", testid: "chat-panel", "aria-label": "Chat", hidden: true },
      h("div", { class: "chat-head" }, h("h2", {}, "Chat"), close),
      this.watchers,
      this.log,
      phrases,
      form,
      settings,
    );
    // Escape in the chat closes it and gives the focus back to its button (not to the keyboard table).
    this.root.addEventListener("keydown", (e) => {
      if (e.key !== "Escape") return;
      e.stopPropagation();
      this.setOpen(false, true);
    });
    this.count = h("span", { class: "chat-count", testid: "chat-unread", "aria-hidden": "true", hidden: true });
    this.button = h(
      "button",
      {
        type: "button",
        testid: "chat-toggle",
        title: "Chat",
        "aria-label": "Chat",
        "aria-expanded": "false",
        "aria-controls": "chat-panel",
      },
      h("span", { class: "wide-only", "aria-hidden": "true" }, "Chat"),
      h("span", { class: "narrow-only chat-icon", "aria-hidden": "true" }),
      this.count,
    ) as HTMLButtonElement;
    // Opened from the keyboard (Enter or Space: a click with no pointer), the focus goes to the
    // message field, as the panel comes after the whole page in the Tab order; a tap keeps it on the
    // button (a phone's keyboard would cover the sheet).
    this.button.addEventListener("click", (e) => {
      this.setOpen(!this.open);
      if (this.open && e.detail === 0) input.focus();
    });
    this.status = h("p", { class: "chat-sr", role: "status", "aria-live": "polite", testid: "chat-unread-status" });
    // Outside the table's HTML layer: that layer is what shrinks to make room for this panel.
    document.body.append(this.root, this.status);
    this.unbind = [
      room.onMessage(CHAT_SERVER.line, (line: ChatLine) => this.add(line)),
      room.onMessage(CHAT_SERVER.watchers, (w: Watchers) => this.showWatchers(w)),
    ];
  }

  /** For the test hook. */
  state(): { open: boolean; unread: number } {
    return { open: this.open, unread: this.unread };
  }

  destroy(): void {
    for (const u of this.unbind) u();
    setDocked(false, "chat");
    this.root.remove();
    this.status.remove();
  }

  private setOpen(open: boolean, focusButton = false): void {
    if (open === this.open) return;
    this.open = open;
    this.root.hidden = !open;
    this.button.setAttribute("aria-expanded", String(open));
    setDocked(open, "chat");
    if (open) {
      this.setUnread(0);
      this.log.scrollTop = this.log.scrollHeight;
    }
    if (focusButton) this.button.focus();
  }

  private setUnread(n: number): void {
    this.unread = n;
    const words = unreadWords(n);
    this.count.hidden = n === 0;
    this.count.textContent = n === 0 ? "" : n > 99 ? "99+" : String(n);
    this.button.setAttribute("aria-label", words.label);
    this.status.textContent = words.status;
  }

  private control(label: string, testid: string, onClick: () => void): HTMLButtonElement {
    const b = h("button", { type: "button", testid }, label);
    b.addEventListener("click", onClick);
    return b;
  }

  private add(line: ChatLine): void {
    if (this.off || typeof line?.name !== "string" || (this.phrasesOnly && typeof line.text === "string")) return;
    const said = line.text ?? (line.phrase ? PHRASE_TEXT[line.phrase] : line.emote ? EMOTE_TEXT[line.emote] : undefined) ?? "";
    const who = line.channel === "spectators" ? `${line.name} (watching)` : line.name;
    const mute = this.control("Mute", "chat-mute", () => this.room.send(CHAT_CLIENT.prefs, { mute: line.from }));
    mute.className = "chat-mute";
    this.log.append(h("li", { class: `chat-line chat-${line.channel}` }, h("b", {}, `${who}: `), said, " ", mute));
    while (this.log.childElementCount > KEEP) this.log.firstElementChild?.remove();
    this.log.scrollTop = this.log.scrollHeight;
    if (!this.open) this.setUnread(this.unread + 1);
  }

  private showWatchers(w: Watchers): void {
    const count = Number(w?.count) || 0;
    const names = Array.isArray(w?.names) ? w.names.filter((n) => typeof n === "string").join(", ") : "";
    this.watchers.textContent =
      count === 0 ? "Nobody is watching" : `Watching (${count}): ${names}${count > (w.names?.length ?? 0) ? ", …" : ""}`;
  }
}
