/** Moving between scenes: to the lobby (optionally with a message) or straight into a table. */
import type Phaser from "phaser";
import { quickPlay } from "../net/connection.ts";
import type { TableSession } from "../net/table-session.ts";
import type { TableOptions } from "../net/table-options.ts";
import type { ReplaySource } from "../replay/replay-loader.ts";
import { requeueFor } from "../account/ranked-queue.ts";

export const SCENES = {
  boot: "boot",
  lobby: "lobby",
  table: "table",
  results: "results",
  gallery: "gallery",
  replay: "replay",
  lesson: "lesson",
} as const;

export interface LobbyData {
  readonly message?: string;
  /** Join with these options right away (Play again). */
  readonly autoPlay?: TableOptions;
  /** Opened by an invitation link (`?table=CODE` or `?watch=CODE`). */
  readonly invite?: { readonly code: string; readonly watch: boolean };
}

export interface TableData {
  readonly session: TableSession;
}

function stopTable(scenes: Phaser.Scenes.ScenePlugin): void {
  if (scenes.isActive(SCENES.results)) scenes.stop(SCENES.results);
  if (scenes.isActive(SCENES.table) || scenes.isPaused(SCENES.table)) scenes.stop(SCENES.table);
}

export function toLobby(scenes: Phaser.Scenes.ScenePlugin, data: LobbyData = {}): void {
  stopTable(scenes);
  scenes.start(SCENES.lobby, data);
}

export function toTable(scenes: Phaser.Scenes.ScenePlugin, session: TableSession): void {
  stopTable(scenes);
  scenes.start(SCENES.table, { session } satisfies TableData);
}

/** The replay viewer (replay/replay-scene.ts) for a game log in hand or at a URL. */
export function toReplay(scenes: Phaser.Scenes.ScenePlugin, source: ReplaySource): void {
  stopTable(scenes);
  scenes.start(SCENES.replay, { source });
}

/** The guided first game of `game` (tutorial/lesson-scene.ts). */
export function toLesson(scenes: Phaser.Scenes.ScenePlugin, game: string): void {
  stopTable(scenes);
  scenes.start(SCENES.lesson, { game });
}

/**
 * After a ranked game: leaves the table and queues for the same game's ranked queue again (the
 * lobby's account panel queues as it opens, account/ranked-queue.ts `requeueFor`).
 */
export async function queueAgain(scenes: Phaser.Scenes.ScenePlugin, session: TableSession): Promise<void> {
  requeueFor(session.game);
  await session.leave();
  toLobby(scenes);
}

/** Leaves the current table and quick-plays again with the same options. */
export async function playAgain(scenes: Phaser.Scenes.ScenePlugin, session: TableSession): Promise<void> {
  const options = session.options;
  await session.leave();
  try {
    toTable(scenes, await quickPlay(options));
  } catch {
    toLobby(scenes, { autoPlay: options });
  }
}
