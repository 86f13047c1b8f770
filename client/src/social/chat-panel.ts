/**
 * The table's chat panel: quick phrases and emotes, free text (the server allows it
 * for saved accounts only and says so), the lines said here, who is watching, and this player's
 * own settings (chat off, spectators' channel off, mute a speaker). Every line is drawn with
 * `textContent` (through `h`'s string children): nothing anyone sends is ever parsed as HTML.
 */
import { CHAT_CLIENT, CHAT_SERVER, CHAT_TEXT_MAX, EMOTES, QUICK_PHRASES, type ChatLine, type Watchers } from "@scat/shared/social/chat.ts";
import { h, uiRoot } from "../ui/dom.ts";
import "./chat.css";

/** The phrases and emotes in this page's language (the wire carries ids only). */
const PHRASE_TEXT: Record<string, string> = { gg: "Good game", wp: "Well played", hurry: "Hurry up please", oops: "Oops", thanks: "Thanks" };
const EMOTE_TEXT: Record<string, string> = { smile: "🙂", laugh: "😄", wow: "😮", sad: "😢", "thumbs-up": "👍", heart: "❤️" };
const KEEP = 50;

interface ChatRoom {
  send(type: string, message?: unknown): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same signature as Colyseus's Room.onMessage, which this names
  onMessage(type: string, fn: (message: any) => void): () => void;
}

export class ChatPanel {
  private readonly root: HTMLDetailsElement;
  private readonly log: HTMLOListElement;
  private readonly watchers: HTMLElement;
  private readonly unbind: Array<() => void>;
  private off = false;

  constructor(private readonly room: ChatRoom) {
    this.log = h("ol", { class: "chat-log", testid: "chat-log", "aria-live": "polite" });
    this.watchers = h("p", { class: "chat-watchers", testid: "chat-watchers" }, "Nobody is watching");
    const input = h("input", { type: "text", maxlength: CHAT_TEXT_MAX, placeholder: "Say something (saved accounts)", "aria-label": "Chat message", testid: "chat-input" });
    const form = h("form", { class: "chat-form" }, input, h("button", { type: "submit", testid: "chat-send" }, "Send"));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (text) room.send(CHAT_CLIENT.say, { text });
      input.value = "";
    });
    const phrases = h("div", { class: "chat-phrases" },
      ...QUICK_PHRASES.map((p) => this.button(PHRASE_TEXT[p] ?? p, `chat-phrase-${p}`, () => room.send(CHAT_CLIENT.say, { phrase: p }))),
      ...EMOTES.map((e) => this.button(EMOTE_TEXT[e] ?? e, `chat-emote-${e}`, () => room.send(CHAT_CLIENT.say, { emote: e }))));
    const offBox = h("input", { type: "checkbox", testid: "chat-off" });
    offBox.addEventListener("change", () => { this.off = offBox.checked; room.send(CHAT_CLIENT.prefs, { off: offBox.checked }); });
    const specBox = h("input", { type: "checkbox", checked: true, testid: "chat-spectators" });
    specBox.addEventListener("change", () => room.send(CHAT_CLIENT.prefs, { spectators: specBox.checked }));
    const settings = h("div", { class: "chat-settings" }, h("label", {}, offBox, " Chat off"), h("label", {}, specBox, " Spectators' chat"));
    this.root = h("details", { class: "chat-panel", testid: "chat-panel" }, h("summary", {}, "Chat"), this.watchers, this.log, phrases, form, settings);
    uiRoot().append(this.root);
    this.unbind = [
      room.onMessage(CHAT_SERVER.line, (line: ChatLine) => this.add(line)),
      room.onMessage(CHAT_SERVER.watchers, (w: Watchers) => this.showWatchers(w)),
    ];
  }

  destroy(): void {
    for (const u of this.unbind) u();
    this.root.remove();
  }

  private button(label: string, testid: string, onClick: () => void): HTMLButtonElement {
    const b = h("button", { type: "button", testid }, label);
    b.addEventListener("click", onClick);
    return b;
  }

  private add(line: ChatLine): void {
    if (this.off || typeof line?.name !== "string") return;
    const said = line.text ?? (line.phrase ? PHRASE_TEXT[line.phrase] : line.emote ? EMOTE_TEXT[line.emote] : undefined) ?? "";
    const who = line.channel === "spectators" ? `${line.name} (watching)` : line.name;
    const mute = this.button("Mute", "chat-mute", () => this.room.send(CHAT_CLIENT.prefs, { mute: line.from }));
    mute.className = "chat-mute";
    this.log.append(h("li", { class: `chat-line chat-${line.channel}` }, h("b", {}, `${who}: `), said, " ", mute));
    while (this.log.childElementCount > KEEP) this.log.firstElementChild?.remove();
    this.log.scrollTop = this.log.scrollHeight;
    if (!this.root.open) this.root.classList.add("chat-unread");
  }

  private showWatchers(w: Watchers): void {
    const count = Number(w?.count) || 0;
    const names = Array.isArray(w?.names) ? w.names.filter((n) => typeof n === "string").join(", ") : "";
    this.watchers.textContent = count === 0 ? "Nobody is watching" : `Watching (${count}): ${names}${count > (w.names?.length ?? 0) ? ", …" : ""}`;
  }
}
