/**
 * "Deal verified" after a game (docs/FAIRNESS.md). When the game is over the server sends its
 * log with the seed revealed; we check the seed against the commitment this client saw in the
 * table state from the deal on, replay every step with the shared engines and compare the
 * standings. The verifier (every engine) loads only then. The log can be downloaded and checked
 * again outside our client with `npm run verify -- <log.json>`, or replayed step by step.
 */
import type { TableSession } from "../net/table-session.ts";
import { h, uiRoot } from "./dom.ts";
import { clearNote, showNote } from "./panel-slots.ts";
import { fairDealWords } from "./fair-deal-words.ts";

function logFileName(log: unknown): string {
  const id = (log as { matchId?: unknown } | null)?.matchId;
  return `${typeof id === "string" ? id.replace(/[^A-Za-z0-9_-]/g, "") : "game"}.json`;
}

/**
 * Shows the verdict when the log arrives. `replay(log, commitment)`, when given, adds "Replay
 * this game" (the replay viewer, replay/replay-scene.ts) beside the download link.
 */
export function watchFairDeal(session: TableSession, replay?: (log: unknown, commitment: string | undefined) => void): () => void {
  let badge: HTMLElement | null = null;
  let url: string | null = null;
  let closed = false;

  const show = async (log: unknown): Promise<void> => {
    const commitment = (session.room.state as { seedCommit?: string } | undefined)?.seedCommit;
    const { verifyLog } = await import("@scat/shared/fairness/index.ts");
    const options = commitment ? { publishedCommitment: commitment } : {};
    // Our own share of the shuffle must be in the deal (docs/FAIRNESS.md, "Players' entropy").
    const mine = session.shuffleValue;
    const withMine = mine === null ? null : verifyLog(log, { ...options, mine });
    const verdict =
      withMine?.ok === false && withMine.code === "entropy-missing" ? verifyLog(log, options) : (withMine ?? verifyLog(log, options));
    const missing = withMine?.ok === false && withMine.code === "entropy-missing";
    if (closed) return;
    if (badge) clearNote("fair", badge);
    if (url) URL.revokeObjectURL(url);
    url = URL.createObjectURL(new Blob([JSON.stringify(log, null, 2)], { type: "application/json" }));
    const text = fairDealWords(verdict.ok ? { ok: true } : { ok: false, reason: verdict.reason }, mine, missing);
    const again = verdict.ok && replay ? h("button", { type: "button", class: "link", testid: "replay-game" }, "Replay this game") : null;
    again?.addEventListener("click", () => replay?.(log, commitment));
    badge = h(
      "div",
      {
        class: `fair-deal ${verdict.ok ? "fair-ok" : "fair-bad"}`,
        testid: verdict.ok ? "deal-verified" : "deal-not-verified",
        role: "status",
        ...(mine !== null ? { title: `Your random value for this deal: ${mine}` } : {}),
      },
      h("span", {}, text),
      h("a", { href: url, download: logFileName(log), testid: "download-log" }, "Download game log"),
      again,
    );
    showNote("fair", badge, uiRoot());
  };

  const off = session.gameLog.on((log) => void show(log));
  return () => {
    closed = true;
    off();
    if (badge) clearNote("fair", badge);
    if (url) URL.revokeObjectURL(url);
  };
}
