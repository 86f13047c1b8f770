/** Paints the shared textures, then returns to a saved table after a reload or opens the lobby. */
import Phaser from "phaser";
import { linkedTable, resume } from "../net/connection.ts";
import { loadSeat } from "../net/storage.ts";
import { cardTexture } from "../objects/card-art.ts";
import { addFelt } from "../objects/felt.ts";
import { centreLine } from "../objects/style.ts";
import { setStateProvider } from "../test-hook.ts";
import { replayLink } from "../replay/replay-loader.ts";
import { SCENES, toLobby, toReplay, toTable } from "./flow.ts";

export class BootScene extends Phaser.Scene {
  constructor() {
    super(SCENES.boot);
  }

  create(): void {
    setStateProvider(() => ({ scene: "boot" }));
    cardTexture(this.textures, null);
    const replay = replayLink();
    if (replay && "matchId" in replay) return toReplay(this.scene, { matchId: replay.matchId });
    if (replay) {
      history.replaceState(null, "", location.pathname);
      return toLobby(this.scene, { message: replay.refused });
    }
    addFelt(this);
    const resuming = loadSeat() !== null;
    const line = centreLine(this, resuming ? "Returning to your table…" : "Loading…", 24);
    if (!resuming) {
      toLobby(this.scene, invited());
      return;
    }
    void resume({
      progress: (note) => {
        if (this.scene.isActive()) line.setText(note);
      },
    }).then(
      (session) => (session ? toTable(this.scene, session) : toLobby(this.scene, { message: "Your table has ended.", ...invited() })),
      () => toLobby(this.scene),
    );
  }
}

/** The invitation in the address bar (`?table=` / `?watch=`), as lobby data. */
function invited(): { invite?: { code: string; watch: boolean } } {
  const invite = linkedTable();
  return invite ? { invite } : {};
}
