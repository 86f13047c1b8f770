/**
 * One table's chat: quick phrases and emotes for everyone, free text for saved
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
import { CHAT_RATE } from "../../limits/index.ts";
import { bindingAddress, deviceOf } from "../../moderation/traces.ts";
import { RateLimiter } from "../../table/rate-limit.ts";
import { cleanText, isProfane } from "./filter.ts";

/** What a table's chat needs from the rest of the server (set once per process by `createServer`). */
export interface ChatServices {
  /** Lines per account (or per connection for a guest without one), shared by every process with Redis. */
  readonly limiter: KeyedLimiter;
  /** Until when (ms) an operator muted any of these accounts (the speaker's own and those its device or address link it to), or null. */
  chatBannedUntil(accounts: readonly string[]): Promise<number | null>;
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

/** What binds a member beyond its connection: see `authorised`. */
export interface ChatBinds {
  /** Accounts its device (and, without a saved account, address) link it to (moderation/traces.ts). */
  readonly links: readonly string[];
  /** The device id its browser keeps (the join's playerId). */
  readonly device: string | null;
  /** The server's view of its address. */
  readonly address: string | null;
}

interface Member {
  readonly from: number;
  name: string;
  seat: number | null;
  account: string | null;
  registered: boolean;
  off: boolean;
  spectators: boolean;
  links: readonly string[];
  /** Who this member is beyond the connection (account, device): a reader's mute of it follows these. */
  keys: string[];
  /** The per-table chat budgets it draws on besides its own: its address's and its device's. */
  budgets: string[];
  /** The speaker keys this reader muted, shared by every connection of the same reader at this table. */
  muted: Set<string>;
}

/** A line kept for reports (with the speaker's account, which readers never see). */
export interface KeptLine extends ChatLine {
  readonly account: string | null;
}

const KEEP_LINES = 100;
const MUTES_MAX = 32;
const WATCHER_NAMES = 20;
/** Every spectator's lines at one table together: 10 at once, then one a second. */
export const SPECTATOR_CHAT_RATE = { perSecond: 1, burst: 10 };
/** Kept per table: the speakers' keys by line number (a mute names a line's speaker), the budgets, the readers' mutes. */
const TABLE_KEYS_MAX = 512;

/** A bounded map: the oldest entry goes when it is full. */
function remember<K, V>(map: Map<K, V>, key: K, value: V): V {
  if (!map.has(key) && map.size >= TABLE_KEYS_MAX) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

export class TableChat {
  private readonly members = new Map<string, Member>();
  private next = 1;
  /** The last lines said here, for a report. */
  readonly kept: KeptLine[] = [];
  /** Each speaker number's keys, also after it left: a mute of a line's speaker holds when it comes back. */
  private readonly speakers = new Map<number, string[]>();
  /** Each reader's muted speaker keys, by the reader's own first key: its next connection finds them. */
  private readonly mutes = new Map<string, Set<string>>();
  /** Per-table budgets per address and per device (every connection from one shares it). */
  private readonly budgets = new Map<string, RateLimiter>();
  private readonly spectatorBudget = new RateLimiter(SPECTATOR_CHAT_RATE.perSecond, SPECTATOR_CHAT_RATE.burst, Date.now());

  constructor(
    private readonly host: ChatHost,
    private readonly services: () => ChatServices | null,
  ) {}

  /**
   * A client passed `onAuth` with this account (null: none); `registered`: a saved account, not a
   * guest. `binds`: what else binds it (an operator's mute of a linked account, a reader's mute,
   * the per-table budgets), beyond the connection itself.
   */
  authorised(
    sessionId: string,
    account: string | null,
    registered: boolean,
    binds: ChatBinds = { links: [], device: null, address: null },
  ): void {
    const device = deviceOf(binds.device);
    const address = bindingAddress(binds.address);
    // Whom a reader's mute of this speaker follows: its account and device, and without an account
    // its address too (one reader's choice at one table: a device id a client may change each time does not undo it).
    const keys = [
      ...(account ? [`a:${account}`] : []),
      ...(device ? [`d:${device}`] : []),
      ...(!account && address ? [`ip:${address}`] : []),
      `s:${sessionId}`,
    ];
    const budgets = [...(address ? [`ip:${address}`] : []), ...(device ? [`d:${device}`] : [])];
    const links = account && !binds.links.includes(account) ? [account, ...binds.links] : binds.links;
    // The reader's own mutes are found again by its account, else its device.
    const reader = account ? `a:${account}` : device ? `d:${device}` : `s:${sessionId}`;
    const muted = this.mutes.get(reader) ?? remember(this.mutes, reader, new Set<string>());
    const member = this.members.get(sessionId);
    if (member) Object.assign(member, { account, registered, links, keys, budgets, muted });
    else
      this.members.set(sessionId, {
        from: this.next++,
        name: "Player",
        seat: null,
        account,
        registered,
        off: false,
        spectators: true,
        links,
        keys,
        budgets,
        muted,
      });
    remember(this.speakers, this.members.get(sessionId)!.from, keys);
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
    if (!parsed.success)
      return this.host.reject(client, {
        code: "invalid-message",
        message: `chat takes { phrase }, { emote } or { text } (text 1..${CHAT_TEXT_MAX} characters)`,
      });
    const said = parsed.data;
    let text: string | null = null;
    if ("text" in said) {
      if (this.host.quickPhrasesOnly())
        return this.host.reject(client, { code: "chat-quick-only", message: "A ranked game in play allows quick phrases and emotes only" });
      if (!member.registered)
        return this.host.reject(client, {
          code: "chat-registered-only",
          message: "Free text is for saved accounts: register to type, or use the quick phrases",
        });
      text = cleanText(said.text);
      if (text === null) return this.host.reject(client, { code: "invalid-message", message: "chat text is empty" });
      if (charCount(text) > CHAT_TEXT_MAX)
        return this.host.reject(client, { code: "chat-too-long", message: `chat text is at most ${CHAT_TEXT_MAX} characters` });
    }
    const services = this.services();
    if (services) {
      const verdict = await services.limiter.take(member.account ?? `session:${client.sessionId}`);
      if (!verdict.ok)
        return this.host.reject(client, {
          code: "rate-limited",
          message: `Too many chat lines: wait ${Math.ceil(verdict.retryAfterMs / 1000)} s`,
        });
      if (!this.withinTableBudgets(member))
        return this.host.reject(client, { code: "rate-limited", message: "Too many chat lines at this table: wait a few seconds" });
      // An operator's mute binds the account, and the device (and address) it plays from.
      const until = member.links.length > 0 ? await services.chatBannedUntil(member.links) : null;
      if (until !== null)
        return this.host.reject(client, {
          code: "chat-banned",
          message: `An operator muted your chat until ${new Date(until).toISOString()}`,
        });
    }
    if (text !== null && isProfane(text))
      return this.host.reject(client, {
        code: "chat-filtered",
        message: "That line was not sent: it contains a word the chat does not allow",
      });
    // The speaker may have left (or changed seat) while the checks ran.
    if (this.members.get(client.sessionId) !== member) return;
    const line: ChatLine = {
      from: member.from,
      name: member.name,
      seat: member.seat,
      channel: member.seat === null ? "spectators" : "table",
      at: Date.now(),
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
    if (!parsed.success)
      return this.host.reject(client, {
        code: "invalid-message",
        message: "chatPrefs takes { off?, spectators? booleans, mute?, unmute? speaker numbers }",
      });
    const p = parsed.data;
    if (p.off !== undefined) member.off = p.off;
    if (p.spectators !== undefined) member.spectators = p.spectators;
    if (p.unmute !== undefined) for (const key of this.speakers.get(p.unmute) ?? []) member.muted.delete(key);
    // A speaker is muted by who it is (account, device; address without an account), not by its
    // connection: it stays muted when it comes back. What it shares with the reader is left out.
    const keys =
      p.mute === undefined || p.mute === member.from ? [] : (this.speakers.get(p.mute) ?? []).filter((k) => !member.keys.includes(k));
    if (keys.length > 0) {
      if (member.muted.size + keys.length > MUTES_MAX * 4)
        return this.host.reject(client, { code: "invalid-message", message: `at most ${MUTES_MAX} muted speakers per table` });
      for (const key of keys) member.muted.add(key);
    }
  }

  /**
   * The table's own budgets (the per-account limit cannot see them): every connection from one
   * address or one device shares one, and all spectators together share one more.
   */
  private withinTableBudgets(member: Member, now = Date.now()): boolean {
    const limiters = member.budgets.map(
      (key) => this.budgets.get(key) ?? remember(this.budgets, key, new RateLimiter(CHAT_RATE.perSecond, CHAT_RATE.burst, now)),
    );
    if (member.seat === null) limiters.push(this.spectatorBudget);
    // Checked before any is spent: a line refused by one budget costs the others nothing.
    if (!limiters.every((l) => l.peek(now))) return false;
    for (const l of limiters) l.take(now);
    return true;
  }

  private deliver(line: ChatLine, speaker: Member, services: ChatServices | null): void {
    const ranked = this.host.quickPhrasesOnly();
    for (const client of this.host.clients) {
      const reader = this.members.get(client.sessionId);
      if (!reader) continue;
      if (reader !== speaker) {
        if (reader.off || speaker.keys.some((k) => reader.muted.has(k))) continue;
        // Spectators' lines reach seated players who keep that channel on, never in a ranked game in play.
        if (line.channel === "spectators" && reader.seat !== null && (!reader.spectators || ranked)) continue;
        if (services && reader.links.some((r) => speaker.links.some((sp) => services.blocked(r, sp)))) continue;
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
