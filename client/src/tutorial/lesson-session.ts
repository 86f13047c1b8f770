/**
 * The lesson's stand-in for a `TableSession`: the same surface the table views and the keyboard
 * layer read (a snapshot feed, event batches, rejections, a clock, `sendAction`), served by the
 * lesson in the page instead of a room. A move goes to the lesson, which plays it or refuses it
 * with the engine's reason or the lesson's ("Try … first: …"); a refusal reaches the keyboard
 * layer and the refused-click bubble exactly as a server's rejection would.
 */
import type { Rejection } from "@scat/shared";
import type { Lesson, LessonStep } from "@scat/shared/tutorial/lesson.ts";
import type { Json, TableSnap } from "../net/snapshot.ts";
import type { TableSession } from "../net/table-session.ts";
import { EMPTY_TABLE } from "../net/snapshot.ts";
import { lessonSnap } from "./lesson-snap.ts";

type Handler<T> = (value: T) => void;

class Emitter<T> {
  private readonly fns = new Set<Handler<T>>();
  on(fn: Handler<T>): () => void {
    this.fns.add(fn);
    return () => this.fns.delete(fn);
  }
  emit(value: T): void {
    for (const fn of this.fns) fn(value);
  }
}

type SnapListener = (snap: TableSnap, prev: TableSnap) => void;

class LessonFeed {
  private snap: TableSnap = EMPTY_TABLE;
  private readonly listeners = new Set<SnapListener>();
  get current(): TableSnap {
    return this.snap;
  }
  subscribe(fn: SnapListener): () => void {
    this.listeners.add(fn);
    fn(this.snap, EMPTY_TABLE);
    return () => this.listeners.delete(fn);
  }
  set(next: TableSnap): void {
    const prev = this.snap;
    this.snap = next;
    for (const fn of this.listeners) fn(next, prev);
  }
}

export class LessonSession {
  readonly feed = new LessonFeed();
  readonly events = new Emitter<{ version: number; events: readonly Json[] }>();
  readonly rejections = new Emitter<Rejection>();
  readonly sent = new Emitter<Json & { type: string }>();
  readonly link = new Emitter<string>();
  readonly saving = new Emitter<boolean>();
  readonly status = "connected";
  readonly watching = false;
  readonly roomId = "lesson";
  readonly shuffleValue = null;
  readonly clock: { now(): number; remaining(deadline: number): number; ping: number | null };

  constructor(
    readonly lesson: Lesson,
    private readonly playerName: string,
    private readonly hooks: {
      /** The words of a `tutorial-lesson` refusal (the lesson's move and why). */
      lessonReason(): string;
      /** A move the lesson refused: its reason (for the prompt bubble). */
      refused(r: Rejection, action: Json & { type: string }): void;
      /** After every step (the player's or the table's); null for the deal. */
      step(step: LessonStep | null): void;
    },
  ) {
    this.clock = { now: () => lesson.now(), remaining: () => 0, ping: null };
  }

  get game(): string {
    return this.lesson.script.game;
  }

  get snap(): TableSnap {
    return this.feed.current;
  }

  get mySeat(): number {
    return 0;
  }

  /** The deal: its events (redacted for the player), then the first snapshot. */
  begin(): void {
    this.publish(this.lesson.setupEvents);
    this.hooks.step(null);
  }

  sendAction(action: Json & { type: string }): void {
    this.sent.emit(action);
    const r = this.lesson.play(action as never);
    if (!r.ok) {
      const error = r.error.code === "tutorial-lesson" ? { code: r.error.code, message: this.hooks.lessonReason() } : r.error;
      this.rejections.emit(error);
      this.hooks.refused(error, action);
      return;
    }
    this.apply(r.step);
  }

  /** One step of the table (a bot's move or a phase's end); false when there is none now. */
  advance(): boolean {
    const step = this.lesson.next();
    if (!step) return false;
    this.apply(step);
    return true;
  }

  /** Re-sends the snapshot (the player's name changed, or a view was rebuilt). */
  refresh(): void {
    this.feed.set(lessonSnap(this.lesson, this.playerName));
  }

  /** What the table scene's callers expect of a session (`as TableSession` for the keyboard layer). */
  asTableSession(): TableSession {
    return this as unknown as TableSession;
  }

  private apply(step: LessonStep): void {
    this.publish(step.events);
    this.hooks.step(step);
  }

  private publish(events: readonly unknown[]): void {
    const engine = this.lesson.engine;
    const mine = events.map((e) => engine.redactEvent(e, 0)).filter((e): e is Json => e !== null);
    this.events.emit({ version: this.lesson.state.version, events: JSON.parse(JSON.stringify(mine)) as Json[] });
    this.refresh();
  }
}
