/**
 * What a game adds to the client: lobby entry (title, seats, variants), the table view the
 * table scene runs, optional result renderers and extra test-hook state. One module per game in
 * `games/<game>/index.ts`, listed in `games/registry.ts`.
 */
import type Phaser from "phaser";
import type { GameId } from "@scat/shared";
import type { Json, TableSnap } from "../net/snapshot.ts";
import type { Target } from "../test-hook.ts";

/** A variant's value as the join options carry it (`variants` in docs/PROTOCOL.md). */
export type VariantValue = boolean | number | string;

interface VariantBase {
  /** The key in `variants` (= the engine option name, e.g. `bootASuit`, `tokens`). */
  readonly key: string;
  /** Text in the lobby; state constraints here too ("Boot a Suit (2-3 players)"). */
  readonly label: string;
  /** Only offered for these table sizes; outside them the control is disabled and not sent. */
  readonly seats?: { readonly min?: number; readonly max?: number };
}

export interface CheckboxVariant extends VariantBase {
  readonly kind: "checkbox";
  readonly default: boolean;
}

export interface SelectVariant extends VariantBase {
  readonly kind: "select";
  readonly default: string | number;
  readonly options: ReadonlyArray<{ readonly value: string | number; readonly label: string }>;
}

export interface NumberVariant extends VariantBase {
  readonly kind: "number";
  readonly default: number;
  readonly min: number;
  readonly max: number;
  readonly step?: number;
}

/**
 * One lobby control. `default` must equal the engine's default: values equal to it are left
 * out of the join options, so equal tables share one quick-play key.
 */
export type VariantDef = CheckboxVariant | SelectVariant | NumberVariant;

export interface SeatRange {
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

/** What a table view reads from its table: a live `TableSession`, or a replay. */
export interface TableSource {
  readonly snap: TableSnap;
  readonly mySeat: number | null;
  readonly clock: { now(): number };
}

/** What the table scene (or the replay scene) gives a game's table view. */
export interface TableHost {
  readonly scene: Phaser.Scene;
  readonly session: TableSource;
  /** Sends `{type, ...}` as an `action` message (only ever something `mine.legal` allows). */
  send(action: Json & { type: string }): void;
  /** The top bar the scene keeps free for the header: its height and the Leave button's width. */
  topBar(): { readonly h: number; readonly rightInset: number };
  /** Own round trip in ms (null before the first measurement). */
  ping(): number | null;
}

/** The per-game table the table scene instantiates (everything between the felt and the panels). */
export interface GameTableView {
  /** Every state patch. */
  render(snap: TableSnap, mySeat: number | null): void;
  /** Screen size or ping changed. */
  resize(w: number, h: number): void;
  /** Every frame, with the server clock (countdowns, away timers). */
  tick(serverNow: number): void;
  /** One item of a server `events` batch (animations only; state comes from `render`). */
  event?(e: Json): void;
  /** Clickable things for `window.__scat.targets()`. */
  targets(): readonly Target[];
  /** What the player reads that is not a target (the own prompt): toasts keep off it too (ui/toast.ts). */
  readBoxes?(): readonly Target[];
  /** Called on scene shutdown (the scene destroys game objects itself). */
  destroy?(): void;
}

/** Renderers for the HTML result panel; anything left out uses the generic one (ui/result-*.ts). */
export interface ResultRenderers {
  /** Heading of the round result ("Round 2: Ann wins!"). */
  roundTitle?(snap: TableSnap, result: Json, mySeat: number | null): string;
  /** Body of the round result (default: a table of `result.seats` / `breakdown`). */
  roundBody?(snap: TableSnap, result: Json, mySeat: number | null): HTMLElement | null;
  /** Heading at game over. */
  gameTitle?(snap: TableSnap, outcome: Json | null, mySeat: number | null): string;
  /** Body at game over (default: `outcome.ranking` with scores). */
  gameBody?(snap: TableSnap, outcome: Json | null, mySeat: number | null): HTMLElement | null;
  /** "pts" / "lives" after a final score. */
  scoreUnit?(snap: TableSnap, score: unknown): string;
  /** How long the last play's animation still runs, in ms: the result waits (up to 2.5 s) so as not to cover it. */
  holdMs?(): number;
}

export interface GameModule {
  readonly id: GameId;
  readonly title: string;
  /** One line under the title in the lobby. */
  readonly blurb: string;
  readonly seats: SeatRange;
  readonly variants: readonly VariantDef[];
  /** Builds the table view; called once per table scene. */
  createTable(host: TableHost): GameTableView;
  readonly results?: ResultRenderers;
  /** Extra fields for `window.__scat.state()` while seated (e.g. `deckCount`). */
  testState?(snap: TableSnap, mySeat: number | null): Json;
  /**
   * Target ids the table view exposes (documentation for test writers; `<card>` stands for a
   * card id), e.g. `["card:<card>", "pile:deck", "button:knock"]`.
   */
  readonly testTargets: readonly string[];
}
