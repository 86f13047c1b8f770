/**
 * One table's chat (issue #27): quick phrases and emotes for everyone, free text for saved
 * accounts, players' and spectators' channels, and each reader's own settings (chat off, the
 * spectators' channel off, muted speakers). A table lives on one process, so its lines go only
 * through its room (Colyseus messages to its clients); what must hold across processes (an
 * account's rate limit, chat bans, blocks) comes from `ChatServices`.
 *
 * Every refusal goes to the sender only, never echoing what it sent, and changes nothing else.
 */
import type { Client } from "@colyseus/core";
import type { Rejection } from "@scat/shared";
import { charCount } from "@scat/shared/text-limits.ts";
import { CHAT_SERVER, CHAT_TEXT_MAX, chatPrefsSchema, sayMessageSchema, type ChatLine, type Watchers } from "@scat/shared/social/chat.ts";
import type { KeyedLimiter } from "../../limits/gcra.ts";
import { cleanText, isProfane } from "./filter.ts";

/** What a table's chat needs from the rest of the server (set once per process by `createServer`). */
export interface ChatServices {
  /** Lines per account (or per connection for a guest without one), shared by every process with Redis. */
  readonly limiter: KeyedLimiter;
  /** Until when (ms) an operator muted the account, or null. */
  chatBannedUntil(accountId: string): Promise<number | null>;
  /** Whether `reader` blocked `speaker` (their lines are never delivered to the reader). */
  blocked(reader: string, speaker: string): boolean;
}

/** What the chat asks of its room. */
export interface ChatHost {
  readonly clients: Iterable<Client>;
  /** True while a ranked game is in play: quick phrases and emotes only. */
  quickPhrasesOnly(): boolean;
  reject(client: Client, rejection: Rejection): void;
}

interface Member {
  readonly from: number;
  name: string;
  seat: number | null;
  account: string | null;
  registered: boolean;
  off: boolean;
  spectators: boolean;
  readonly muted: Set<number>;
}

/** A line kept for reports (with the speaker's account, which readers never see). */
export interface KeptLine extends ChatLine { readonly account: string | null }

const KEEP_LINES = 100;
const MUTES_MAX = 32;
const WATCHER_NAMES = 20;

export class TableChat {
  private readonly members = new Map<string, Member>();
  private next = 1;
  /** The last lines said here, for a report. */
  readonly kept: KeptLine[] = [];

  constructor(private readonly host: ChatHost, private readonly services: () => ChatServices | null) {}

  /** A client passed `onAuth` with this account (null: none); `registered`: a saved account, not a guest. */
  authorised(sessionId: string, account: string | null, registered: boolean): void {
    const member = this.members.get(sessionId);
    if (member) Object.assign(member, { account, registered });
    else this.members.set(sessionId, { from: this.next++, name: "Player", seat: null, account, registered, off: false, spectators: true, muted: new Set() });
  }

  /** The client joined (seat null: a spectator). */
  joined(client: Client, name: string, seat: number | null): void {
    if (!this.members.has(client.sessionId)) this.authorised(client.sessionId, null, false);
    Object.assign(this.members.get(client.sessionId)!, { name, seat });
    const watchers = this.watchers();
    client.send(CHAT_SERVER.watchers, watchers);
    if (seat === null) for (const other of this.host.clients) if (other !== client) other.send(CHAT_SERVER.watchers, watchers);
  }

  left(sessionId: string): void {
    const member = this.members.get(sessionId);
    this.members.delete(sessionId);
    if (member && member.seat === null) this.watchersChanged();
  }

  watchers(): Watchers {
    const names: string[] = [];
    let count = 0;
    for (const m of this.members.values()) {
      if (m.seat !== null) continue;
      count++;
      if (names.length < WATCHER_NAMES) names.push(m.name);
    }
    return { count, names };
  }

  /** A `chat` message. */
  async say(client: Client, payload: unknown): Promise<void> {
    const member = this.members.get(client.sessionId);
    if (!member) return this.host.reject(client, { code: "not-joined", message: "Join the table before you chat" });
    const parsed = sayMessageSchema.safeParse(payload);
    if (!parsed.success) return this.host.reject(client, { code: "invalid-message", message: `chat takes { phrase }, { emote } or { text } (text 1..${CHAT_TEXT_MAX} characters)` });
    const said = parsed.data;
    let text: string | null = null;
    if ("text" in said) {
      if (this.host.quickPhrasesOnly()) return this.host.reject(client, { code: "chat-quick-only", message: "A ranked game in play allows quick phrases and emotes only" });
      if (!member.registered) return this.host.reject(client, { code: "chat-registered-only", message: "Free text is for saved accounts: register to type, or use the quick phrases" });
      text = cleanText(said.text);
      if (text === null) return this.host.reject(client, { code: "invalid-message", message: "chat text is empty" });
      if (charCount(text) > CHAT_TEXT_MAX) return this.host.reject(client, { code: "chat-too-long", message: `chat text is at most ${CHAT_TEXT_MAX} characters` });
    }
    const services = this.services();
    if (services) {
      const verdict = await services.limiter.take(member.account ?? `session:${client.sessionId}`);
      if (!verdict.ok) return this.host.reject(client, { code: "rate-limited", message: `Too many chat lines: wait ${Math.ceil(verdict.retryAfterMs / 1000)} s` });
      const until = member.account ? await services.chatBannedUntil(member.account) : null;
      if (until !== null) return this.host.reject(client, { code: "chat-banned", message: `An operator muted your chat until ${new Date(until).toISOString()}` });
    }
    if (text !== null && isProfane(text)) return this.host.reject(client, { code: "chat-filtered", message: "That line was not sent: it contains a word the chat does not allow" });
    // The speaker may have left (or changed seat) while the checks ran.
    if (this.members.get(client.sessionId) !== member) return;
    const line: ChatLine = {
      from: member.from, name: member.name, seat: member.seat, channel: member.seat === null ? "spectators" : "table", at: Date.now(),
      ...("phrase" in said ? { phrase: said.phrase } : "emote" in said ? { emote: said.emote } : { text: text! }),
    };
    this.keep({ ...line, account: member.account });
    this.deliver(line, member, services);
  }

  /** A `chatPrefs` message: this reader's own settings. */
  prefs(client: Client, payload: unknown): void {
    const member = this.members.get(client.sessionId);
    if (!member) return this.host.reject(client, { code: "not-joined", message: "Join the table first" });
    const parsed = chatPrefsSchema.safeParse(payload);
    if (!parsed.success) return this.host.reject(client, { code: "invalid-message", message: "chatPrefs takes { off?, spectators? booleans, mute?, unmute? speaker numbers }" });
    const p = parsed.data;
    if (p.off !== undefined) member.off = p.off;
    if (p.spectators !== undefined) member.spectators = p.spectators;
    if (p.unmute !== undefined) member.muted.delete(p.unmute);
    if (p.mute !== undefined && p.mute !== member.from) {
      if (member.muted.size >= MUTES_MAX) return this.host.reject(client, { code: "invalid-message", message: `at most ${MUTES_MAX} muted speakers per table` });
      member.muted.add(p.mute);
    }
  }

  private deliver(line: ChatLine, speaker: Member, services: ChatServices | null): void {
    const ranked = this.host.quickPhrasesOnly();
    for (const client of this.host.clients) {
      const reader = this.members.get(client.sessionId);
      if (!reader) continue;
      if (reader !== speaker) {
        if (reader.off || reader.muted.has(speaker.from)) continue;
        // Spectators' lines reach seated players who keep that channel on, never in a ranked game in play.
        if (line.channel === "spectators" && reader.seat !== null && (!reader.spectators || ranked)) continue;
        if (services && reader.account && speaker.account && services.blocked(reader.account, speaker.account)) continue;
      }
      client.send(CHAT_SERVER.line, line);
    }
  }

  private keep(line: KeptLine): void {
    this.kept.push(line);
    if (this.kept.length > KEEP_LINES) this.kept.shift();
  }

  private watchersChanged(): void {
    const watchers = this.watchers();
    for (const client of this.host.clients) client.send(CHAT_SERVER.watchers, watchers);
  }
}
