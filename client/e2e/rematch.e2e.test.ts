/**
 * Rematch with the same two people, in the browser: two players finish a
 * Devil's Scat game, one offers a rematch, the other accepts, and both sit at the new private
 * table. In CI (~45-55 s on the Canvas renderer, most of it the game); `npm run e2e:rematch -w
 * client` runs it alone. `REMATCH_TRACE=1` prints how long the game took.
 */
import { describe, expect, it } from "vitest";
import { chooseTable, DESKTOP, playToGameOver, screenshot, useBrowserSuite, waitState } from "./lib/index.ts";

const suite = useBrowserSuite();

describe("rematch", () => {
  it("the same two people play again at a new private table", async () => {
    const ann = await suite.lobbyPlayer("Ann", DESKTOP);
    await chooseTable(ann.page, { game: "devils_scat", seats: 2, bots: 0, turnSeconds: 60 });
    await ann.page.click('[data-testid="create-private"]');
    const first = await waitState(ann.page, `s.scene === "table" && s.status === "waiting"`, 60_000);
    const bea = await suite.lobbyPlayer("Bea", DESKTOP);
    await bea.page.fill('[data-testid="join-code"]', first.roomId ?? "");
    await bea.page.press('[data-testid="join-code"]', "Enter");
    await Promise.all([ann, bea].map((p) => waitState(p.page, `s.status === "playing"`, 30_000)));
    const t0 = Date.now();
    // A whole game: the shared helper gives up after 150 s, a loaded machine takes longer.
    const ends = await Promise.all(
      [ann, bea].map(async (p) => {
        for (let tries = 0; ; tries++) {
          try {
            return await playToGameOver(p.page);
          } catch (e) {
            if (tries >= 3) throw e;
          }
        }
      }),
    );

    if (process.env["REMATCH_TRACE"]) console.log(`game played in ${Date.now() - t0} ms, ${ends[0]?.round} rounds`);
    expect(await ann.page.textContent('[data-testid="play-again"]')).toBe("Quick play again");
    await ann.page.click('[data-testid="rematch"]');
    const next = await waitState(
      ann.page,
      `s.scene === "table" && s.status === "waiting" && s.roomId !== ${JSON.stringify(first.roomId)}`,
      30_000,
    );
    await bea.page.waitForSelector('[data-testid="rematch-offer"]');
    // Names are drawn isolated (FSI … PDI, ui/names.ts): compare the words.
    expect((await bea.page.textContent('[data-testid="rematch-offer"]'))?.replace(/[\u2068\u2069]/g, "")).toContain("Ann offers a rematch");
    await screenshot(bea.page, "social/04-rematch-offered");
    await bea.page.click('[data-testid="rematch-accept"]');
    const both = await Promise.all([ann, bea].map((p) => waitState(p.page, `s.scene === "table" && s.status === "playing"`, 30_000)));
    expect(both.map((s) => s.roomId)).toEqual([next.roomId, next.roomId]);
    expect(both[0]!.seats!.map((s) => s.name).sort()).toEqual(["Ann", "Bea"]);
    await screenshot(bea.page, "social/05-rematch-playing");
    expect([...ann.errors, ...bea.errors]).toEqual([]);
  }, 900_000);
});
