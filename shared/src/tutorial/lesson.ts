/**
 * A guided first game: one round of a game on a fixed seed, played in the
 * browser against the same engine the server runs (`ENGINES`), stepped by `RecordedMatch` so
 * the lesson is a replayable log like any table's. The player sits at seat 0; the other seats
 * are bots that play the engine's own `bot` on a seeded stream, so every run of a lesson is the
 * same game. At each of the player's decisions the lesson names one move (what the engine's bot
 * would do in the player's place, on its own seeded stream); a move the engine refuses is
 * refused with the engine's code and sentence, a legal move that is not the lesson with
 * `tutorial-lesson` (the client words the reason). Time does not run: there are no turn clocks,
 * and a phase that only a deadline ends (Scatterbrain's memorising) ends when `next()` is asked.
 */
import type { AnyGame, BaseState, GameEvent, RuleError } from "../engine.ts";
import { ENGINES } from "../games/registry.ts";
import { RecordedMatch } from "../recorded-match.ts";
import { rngFor } from "../rng.ts";
import type { GameId } from "../protocol.ts";

export type Action = { readonly type: string; readonly [key: string]: unknown };

export interface LessonScript {
  readonly game: GameId;
  readonly seats: number;
  /** The deal's seed: chosen so that the lesson's round is short and shows the game's main moves. */
  readonly seed: string;
  /** Engine options beyond `seats` (the engine's defaults otherwise). */
  readonly options?: Readonly<Record<string, unknown>>;
  /** Action types where any legal choice is accepted (a pass of three cards, a guess). */
  readonly anyOf?: readonly string[];
  /** The lesson's round must end within this many steps (checked by the unit test). */
  readonly maxSteps: number;
}

/** The player's seat in every lesson. */
export const PLAYER = 0;
/** The lesson's clock starts here; each step moves it on by a second (nothing times out). */
const START = 1_700_000_000_000;
const END_PHASES: ReadonlySet<string> = new Set(["roundOver", "handOver", "gameOver"]);
/** The tutorial does not time the player's slap: it counts as a quick one, and the bots slap after it. */
const PLAYER_SLAP_MS = 260;

export type Checked = { readonly ok: true } | { readonly ok: false; readonly error: RuleError };

export interface LessonStep {
  readonly seat: number | null;
  readonly action: Action | null;
  readonly events: readonly GameEvent[];
}

/** Same move? Type and every field but a slap's reaction time (and a pass in any order). */
export function sameAction(a: Action, b: Action): boolean {
  const norm = (x: Action): string => {
    const { reactionMs: _r, timing: _t, ...rest } = x as Record<string, unknown>;
    const cards = Array.isArray(rest["cards"]) ? [...(rest["cards"] as string[])].sort() : undefined;
    return JSON.stringify(
      Object.keys(rest)
        .sort()
        .map((k) => [k, k === "cards" ? cards : rest[k]]),
    );
  };
  return norm(a) === norm(b);
}

export class Lesson {
  readonly engine: AnyGame;
  readonly match: RecordedMatch;
  private clock = START;

  constructor(readonly script: LessonScript) {
    this.engine = ENGINES[script.game];
    const options = this.engine.optionsSchema.parse({ seats: script.seats, ...(script.options ?? {}) });
    this.match = new RecordedMatch(this.engine, options, START, script.seed);
  }

  get state(): BaseState {
    return this.match.state;
  }

  get setupEvents(): readonly GameEvent[] {
    return this.match.setupEvents;
  }

  /** The lesson's time (a second per step; a deadline step jumps to its deadline). */
  now(): number {
    return this.clock;
  }

  /** The round is over: the lesson has reached its end. */
  done(): boolean {
    return END_PHASES.has(this.state.phase);
  }

  /** The player's legal actions now (none once the round is over). */
  legal(): Action[] {
    return this.done() ? [] : (this.match.legal(PLAYER) as Action[]);
  }

  /** The move the lesson asks of the player now, or null while others play. */
  lesson(): Action | null {
    const legal = this.legal();
    if (legal.length === 0) return null;
    const pick = this.engine.bot(this.state, PLAYER, rngFor(`${this.script.seed}:lesson`, this.state.version)) as Action | null;
    // A Hit the Deck turn: the bot waits off turn (a slap then is a fake-out); nothing to teach.
    if (pick === null) return null;
    return legal.some((a) => sameAction(a, pick)) ? pick : (legal[0] ?? null);
  }

  /** Would the lesson take this move? The engine's refusal first, then the lesson's. */
  check(raw: Action): Checked {
    const parsed = this.parse(raw);
    if (!parsed.ok) return parsed;
    const action = parsed.action;
    const res = this.engine.apply(this.state, PLAYER, this.stamp(action), {
      now: this.clock,
      rng: rngFor(this.script.seed, this.state.version),
    });
    if (!res.ok) return res;
    const want = this.lesson();
    if (want === null) return { ok: false, error: { code: "tutorial-wait", message: "Wait a moment: the others are playing." } };
    if (sameAction(action, want) || (this.script.anyOf ?? []).includes(action.type)) return { ok: true };
    return { ok: false, error: { code: "tutorial-lesson", message: "Try the move the lesson shows first." } };
  }

  /** Plays the player's move if the lesson takes it. */
  play(raw: Action): { ok: true; step: LessonStep } | { ok: false; error: RuleError } {
    const c = this.check(raw);
    if (!c.ok) return c;
    const parsed = this.parse(raw);
    if (!parsed.ok) return parsed;
    const action = parsed.action;
    const stamped = this.stamp(action);
    const res = this.match.act(PLAYER, stamped, this.tick());
    if (!res.ok) return res;
    return { ok: true, step: { seat: PLAYER, action: stamped, events: res.value } };
  }

  /**
   * The next step that is not the player's: a bot's move, or the defaults of a phase nobody acts
   * in. Null while the lesson waits for the player, and once the round is over.
   */
  next(): LessonStep | null {
    if (this.done()) return null;
    const state = this.state;
    const playerInRace = state.phase === "race" && this.legal().some((a) => a.type === "slap");
    for (let seat = 1; seat < this.script.seats; seat++) {
      if (this.match.legal(seat).length === 0) continue;
      let action = this.engine.bot(state, seat, rngFor(`${this.script.seed}:bot`, state.version * 8 + seat)) as Action | null;
      if (action === null) continue;
      if (action.type === "slap") {
        // The bots slap after the player, the slowest last (so the lesson's race ends the same way every time).
        if (playerInRace) continue;
        action = { type: "slap", reactionMs: PLAYER_SLAP_MS + 150 * seat };
      }
      const res = this.match.act(seat, action, this.tick());
      if (res.ok) return { seat, action, events: res.value };
    }
    if (this.lesson() !== null) return null;
    const deadline = state.deadline;
    if (deadline === null) return null;
    this.clock = Math.max(this.clock + 1000, deadline);
    const events = this.match.expire(this.clock);
    return events ? { seat: null, action: null, events } : null;
  }

  /** What a client sends is read with the game's action schema first, as the room does. */
  private parse(raw: unknown): { ok: true; action: Action } | { ok: false; error: RuleError } {
    const r = this.engine.actionSchema.safeParse(raw);
    return r.success
      ? { ok: true, action: r.data as Action }
      : { ok: false, error: { code: "bad-action", message: "That is not a move in this game." } };
  }

  private tick(): number {
    this.clock += 1000;
    return this.clock;
  }

  /** A slap carries its reaction time, as the room adds it (the tutorial does not time the player). */
  private stamp(action: Action): Action {
    if (action.type !== "slap" || this.state.phase !== "race") {
      const { reactionMs: _r, timing: _t, ...rest } = action as Record<string, unknown>;
      return rest as Action;
    }
    return { type: "slap", reactionMs: PLAYER_SLAP_MS };
  }
}
