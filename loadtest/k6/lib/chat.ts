/**
 * Chat traffic at one load-test table (`tables` with CHAT=1): the first
 * `speakers` simulated players each say a quick phrase every `everyMs` (±25 %), and every
 * simulated player at the table (the speaker too: its line comes back to it) measures
 * send→receive latency into `chat_ms`. All players of a table are driven from one place, so one
 * clock serves both ends.
 *
 * Matching: a line names its speaker's seat; speakers start once every simulated player has
 * joined, a speaker sends its next line only once its previous one came back to it (or was
 * refused), and one WebSocket keeps a speaker's lines in order, so a reader's k-th line from seat
 * s is seat s's k-th line sent. The k-th line says the k-th of the 11 quick phrases and emotes (in
 * turn), so a reader that missed a line notices (`chat_unmatched`, a failed run) and resyncs.
 *
 * Stays under the server's chat limit (server/src/limits/index.ts CHAT_RATE: a burst of 5, then
 * one line every 2 s per account) while everyMs ≥ 2.7 s. Counted: `chat_lines` (sent),
 * `chat_received` (receipts), `chat_refused` (a `rejected` about chat: the limiter, a filter...),
 * `chat_lost` (a line that did not come back to its speaker within LOST_MS: refused by the
 * message budget, or dropped), `chat_unmatched` (a line a reader cannot place).
 */
import type { Room } from "@colyseus/sdk";
import type { CHAT_CLIENT, CHAT_SERVER, ChatLine, Emote, QuickPhrase } from "@scat/shared/social/chat.ts";
import type { Sink } from "./sink.ts";

export interface ChatPlan {
  /** How many of a table's simulated players speak (the first ones to join). */
  readonly speakers: number;
  /** Mean time between one speaker's lines, ms. */
  readonly everyMs: number;
}

// The wire names and phrases (shared/src/social/chat.ts), checked by type only: the k6 bundle
// leaves the shared module (and its zod schemas) out.
const SAY: typeof CHAT_CLIENT.say = "chat";
const LINE: typeof CHAT_SERVER.line = "chat";
const PHRASES: readonly QuickPhrase[] = ["gg", "wp", "hurry", "oops", "thanks"];
const EMOTES: readonly Emote[] = ["smile", "laugh", "wow", "sad", "thumbs-up", "heart"];
/** What a speaker's k-th line says: TOKENS[k % TOKENS.length]. */
const TOKENS: readonly string[] = [...PHRASES, ...EMOTES];
const said = (k: number): { phrase: QuickPhrase } | { emote: Emote } => {
  const token = TOKENS[k % TOKENS.length]!;
  return (PHRASES as readonly string[]).includes(token) ? { phrase: token as QuickPhrase } : { emote: token as Emote };
};
/** A line not back at its speaker after this long is lost. */
const LOST_MS = 10_000;
let warnings = 0;
const warn = (text: string) => {
  if (warnings++ < 2) console.warn(text);
};

interface Speaker {
  readonly reader: number;
  seat: number;
  /** When the line in flight went on the wire (null: none in flight). */
  inFlightSince: number | null;
  timer: ReturnType<typeof setTimeout> | null;
}

/** Whether a `rejected` message is about chat (table-chat.ts's codes and texts). */
export const aboutChat = (r: { code?: string; message?: string }): boolean =>
  String(r.code ?? "").startsWith("chat-") || /chat/i.test(String(r.message ?? ""));

export class ChatTraffic {
  /** Per seat: the send times of its lines, in order. */
  private readonly sent = new Map<number, number[]>();
  /** Per reader and seat: how many lines it has received from that seat. */
  private readonly received = new Map<string, number>();
  private readonly speakers: Speaker[] = [];
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private readonly starts: (() => void)[] = [];
  private stopped = false;

  constructor(
    private readonly plan: ChatPlan,
    private readonly sink: Sink,
    private readonly rnd: () => number,
    /** Epoch ms after which no new line is started (the table is about to be left). */
    private readonly lastSendAt: number,
  ) {}

  /**
   * A simulated player's room: it receives lines (and speaks if among the first `speakers`).
   * `seat()` is its seat once known (< 0 before); `send` puts a message on its (delayed) wire.
   */
  add(reader: number, room: Room, seat: () => number, send: (fn: () => void) => void): void {
    room.onMessage(LINE, (line: ChatLine) => this.onLine(reader, line));
    if (reader >= this.plan.speakers) return;
    const speaker: Speaker = { reader, seat: -1, inFlightSince: null, timer: null };
    this.speakers.push(speaker);
    room.onMessage("rejected", (r: { code?: string; message?: string }) => {
      if (!aboutChat(r)) return;
      this.sink.count("chat_refused", 1, { code: String(r.code ?? "") });
      warn(`chat refused: ${String(r.code)} ${String(r.message)}`);
      // The refused line never arrives anywhere: take it off its seat's queue.
      if (speaker.inFlightSince !== null) {
        this.sent.get(speaker.seat)?.pop();
        speaker.inFlightSince = null;
      }
    });
    const tick = () => {
      speaker.timer = null;
      if (this.stopped || Date.now() >= this.lastSendAt) return;
      const s = seat();
      if (s >= 0 && speaker.inFlightSince === null) {
        speaker.seat = s;
        send(() => {
          if (this.stopped) return;
          const at = Date.now();
          speaker.inFlightSince = at;
          const queue = this.sent.get(s) ?? [];
          this.sent.set(s, queue);
          room.send(SAY, said(queue.length));
          queue.push(at);
          this.sink.count("chat_lines");
        });
      }
      speaker.timer = setTimeout(tick, this.plan.everyMs * (0.75 + this.rnd() * 0.5));
    };
    this.starts.push(() => {
      speaker.timer = setTimeout(tick, this.rnd() * this.plan.everyMs);
    });
  }

  /** Every simulated player has joined: the speakers start, spread over one period. */
  ready(): void {
    if (this.stopped) return;
    for (const start of this.starts.splice(0)) start();
    this.watchdog ??= setInterval(() => this.checkLost(), 1000);
  }

  private onLine(reader: number, line: ChatLine): void {
    if (this.stopped || line.seat === null) return;
    const key = `${reader}:${line.seat}`;
    const queue = this.sent.get(line.seat) ?? [];
    const token = line.phrase ?? line.emote;
    let k = this.received.get(key) ?? 0;
    if (TOKENS[k % TOKENS.length] !== token) {
      // A line missed or out of place: measured from the next line sent with what this one says.
      this.sink.count("chat_unmatched");
      warn(`chat: reader ${reader} expected line ${k} of seat ${line.seat}, got ${String(token)}`);
      do k++;
      while (k < queue.length && TOKENS[k % TOKENS.length] !== token);
    }
    this.received.set(key, k + 1);
    const sentAt = queue[k];
    if (sentAt === undefined) return this.sink.count("chat_unmatched");
    this.sink.trend("chat_ms", Date.now() - sentAt);
    this.sink.count("chat_received");
    // Back at its speaker: the speaker may say its next line.
    const speaker = this.speakers.find((x) => x.reader === reader && x.seat === line.seat);
    if (speaker && speaker.inFlightSince === sentAt) speaker.inFlightSince = null;
  }

  private checkLost(): void {
    for (const s of this.speakers) {
      if (s.inFlightSince !== null && Date.now() - s.inFlightSince > LOST_MS) {
        this.sink.count("chat_lost");
        warn(`chat line of seat ${s.seat} not back after ${LOST_MS} ms`);
        // Its slot stays in the queue (a late arrival still matches); this speaker stops.
        s.inFlightSince = Number.POSITIVE_INFINITY;
      }
    }
  }

  /** The table is being left: no more lines, no more measurements. */
  stop(): void {
    this.stopped = true;
    if (this.watchdog) clearInterval(this.watchdog);
    for (const s of this.speakers) if (s.timer) clearTimeout(s.timer);
  }
}
