/** Entry point: the Phaser game (resizes with the window) and the browser-test hook. */
import Phaser from "phaser";
import { BootScene } from "./scenes/boot-scene.ts";
import { GalleryScene } from "./scenes/gallery-scene.ts";
import { GuessGalleryScene } from "./scenes/guess-gallery-scene.ts";
import { LobbyScene } from "./scenes/lobby-scene.ts";
import { ResultsScene } from "./scenes/results-scene.ts";
import { TableScene } from "./scenes/table-scene.ts";
import { ReplayScene } from "./replay/replay-scene.ts";
import { LessonScene } from "./tutorial/lesson-scene.ts";
import { installTestHook } from "./test-hook.ts";
import { applyMotion } from "./settings/settings-store.ts";

installTestHook();
// The Settings page's motion choice (or the device's) applies from the first paint.
applyMotion();

/** `?gallery` opens the building-block gallery instead of the game; `?gallery=guess` the guess panel. */
const params = new URLSearchParams(location.search);
const gallery = params.has("gallery") ? (params.get("gallery") === "guess" ? GuessGalleryScene : GalleryScene) : null;

const game = new Phaser.Game({
  type: Phaser.AUTO,
  parent: "game",
  backgroundColor: "#1b120b",
  scale: { mode: Phaser.Scale.RESIZE, width: window.innerWidth, height: window.innerHeight },
  input: { activePointers: 2 },
  banner: false,
  scene: gallery ? [gallery] : [BootScene, LobbyScene, TableScene, ResultsScene, ReplayScene, LessonScene],
});

declare global {
  interface Window {
    __game?: Phaser.Game;
  }
}
window.__game = game;
