/**
 * Names in the real client: a right-to-left name is drawn isolated (FSI … PDI) on the canvas,
 * every string the page draws recorded from `fillText`, and in the waiting panel's text; a name
 * the server refuses is told to the player with the server's reason, beside the name field.
 */
import { describe, expect, it } from "vitest";
import { chooseTable, DESKTOP, openLobby, screenshot, useBrowserSuite, waitState, type Player } from "./lib/index.ts";

const suite = useBrowserSuite();
const FSI = "\u2068";
const PDI = "\u2069";

/** A player whose page records every string drawn on a canvas. */
async function recordingPlayer(name: string, url: string): Promise<Player> {
  const p = await suite.player(DESKTOP);
  await p.page.addInitScript(() => {
    const drawn: string[] = [];
    (window as unknown as { __drawn: string[] }).__drawn = drawn;
    const proto = CanvasRenderingContext2D.prototype;
    for (const key of ["fillText", "strokeText"] as const) {
      const draw = proto[key];
      proto[key] = function (this: CanvasRenderingContext2D, text: string, ...rest: [number, number, number?]) {
        drawn.push(String(text));
        return draw.call(this, text, ...rest);
      };
    }
  });
  await openLobby(p.page, url, name);
  return p;
}

describe("names", () => {
  it("draws a right-to-left name isolated on the canvas and in the waiting panel", async () => {
    const name = "\u05e9\u05e8\u05d4"; // "Sarah" in Hebrew
    const host = await suite.lobbyPlayer(name, DESKTOP);
    await chooseTable(host.page, { game: "devils_scat", seats: 2, bots: 0, turnSeconds: 60 });
    await host.page.click('[data-testid="create-private"]');
    const waiting = await waitState(host.page, `s.scene === "table" && s.status === "waiting" && s.mySeat !== null`);
    expect(waiting.seats?.[waiting.mySeat ?? -1]?.name).toBe(name);
    expect(await host.page.textContent('[data-testid="seat-list"] li')).toBe(`${FSI}${name}${PDI} (you)`);
    await screenshot(host.page, "names/01-rtl-name-waiting");

    // A friend joins: their canvas draws the host's name (seat badge, turn line, move log) only isolated.
    const friend = await recordingPlayer("Ben", `${suite.server.url}/?table=${waiting.roomId}`);
    await friend.page.click('[data-testid="join-by-code"]');
    await waitState(friend.page, `s.scene === "table" && s.status === "playing" && s.mySeat !== null`);
    await friend.page.waitForFunction((n) => (window as unknown as { __drawn: string[] }).__drawn.some((t) => t.includes(n)), name);
    const drawn = await friend.page.evaluate(
      (n) => [...new Set((window as unknown as { __drawn: string[] }).__drawn.filter((t) => t.includes(n)))],
      name,
    );
    expect(drawn.length).toBeGreaterThan(0);
    for (const t of drawn) expect(t, JSON.stringify(t)).toContain(`${FSI}${name}${PDI}`);
    await screenshot(friend.page, "names/02-rtl-name-on-the-canvas");
    await host.close();
    await friend.close();
  });

  it("tells a player whose name the server refuses why", async () => {
    const host = await suite.lobbyPlayer("Host", DESKTOP);
    await chooseTable(host.page, { game: "devils_scat", seats: 2, bots: 0, turnSeconds: 60 });
    await host.page.click('[data-testid="create-private"]');
    const waiting = await waitState(host.page, `s.scene === "table" && s.status === "waiting" && s.mySeat !== null`);
    const spoof = await suite.player(DESKTOP);
    await openLobby(spoof.page, `${suite.server.url}/?table=${waiting.roomId}`, "\u202enimdA");
    await spoof.page.click('[data-testid="join-by-code"]');
    // The typed name renames the account first: the server's reason shows beside the name field, and no join is made.
    await spoof.page.waitForFunction(() => (document.querySelector('[data-testid="name-error"]')?.textContent ?? "") !== "");
    const problem = (await spoof.page.textContent('[data-testid="name-error"]')) ?? "";
    expect(problem).toContain("formatting characters");
    expect((await waitState(spoof.page, "true")).scene).toBe("lobby");
    await screenshot(spoof.page, "names/03-refused-name");
    await host.close();
    await spoof.close();
  });
});
