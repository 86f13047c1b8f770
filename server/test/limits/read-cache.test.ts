/**
 * A read flood asks for the same public pages again and again: those answers come from memory
 * (net/read-cache.ts) without spending the process's read budget (PROCESS_READS_PER_SECOND) or a
 * database query, while signed-in reads and cache-busting URLs still go through it. Real server
 * process, each request from its own address (TRUST_PROXY=1), a budget of 10 reads and then one
 * per 100 s, so every read that reached Express shows in what is left of it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../support/server-process.ts";

let srv: ServerProcess;
beforeAll(async () => {
  srv = await startServerProcess({ TRUST_PROXY: "1", PROCESS_READS_PER_SECOND: "0.01", READ_CACHE_MS: "60000", DATA_DIR: ":memory:" });
}, 90_000);
afterAll(async () => {
  await srv?.stop();
});

let next = 1;
const read = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${srv.url}/api${path}`, { headers: { "x-forwarded-for": `10.70.${next >> 8}.${next++ & 255}`, ...headers } });

it("answers the same public page to many addresses from memory, spending the process's budget once", async () => {
  // A signed-in read always goes through (its leaderboard has the player's own row): budget 1 of 10.
  const guest = await fetch(`${srv.url}/api/accounts/guest`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.71.0.1" },
    body: JSON.stringify({ name: "Reader", token: true }),
  });
  expect(guest.status).toBe(201);
  const { token } = (await guest.json()) as { token: string };
  const mine = await read("/leaderboard/devils_scat", { authorization: `Bearer ${token}` });
  expect(mine.status).toBe(200);
  expect(mine.headers.get("age")).toBeNull();
  await mine.arrayBuffer();

  // 20 at once for a page nobody asked for yet: one goes to the database, the others wait for its answer (budget 2 of 10).
  const burst = await Promise.all(Array.from({ length: 20 }, () => read("/players/nobody")));
  expect(burst.map((r) => r.status)).toEqual(Array(20).fill(404));
  const bodies = await Promise.all(burst.map((r) => r.text()));
  expect(new Set(bodies).size).toBe(1);
  expect(JSON.parse(bodies[0]!)).toMatchObject({ error: "unknown-player" });

  // 30 in a row for one leaderboard: the first through Express (budget 3 of 10), the rest from memory with an Age header.
  const statuses: number[] = [];
  const ages: Array<string | null> = [];
  const texts = new Set<string>();
  for (let i = 0; i < 30; i++) {
    const r = await read("/leaderboard/skit_scat");
    statuses.push(r.status);
    ages.push(r.headers.get("age"));
    texts.add(await r.text());
    // The browser-safety headers come with a kept answer too.
    if (i > 0) expect(r.headers.get("content-security-policy")).toContain("default-src 'self'");
  }
  expect(statuses).toEqual(Array(30).fill(200));
  expect(ages[0]).toBeNull();
  expect(ages.slice(1).every((a) => a !== null)).toBe(true);
  expect(texts.size).toBe(1);

  // A change this process makes to a public page (a rename) is seen at once, not READ_CACHE_MS later (/me and two profile reads: budget 4 to 6 of 10).
  const { player } = (await (await read("/me", { authorization: `Bearer ${token}` })).json()) as { player: { id: string } };
  expect(((await (await read(`/players/${player.id}`)).json()) as { player: { name: string } }).player.name).toBe("Reader");
  const renamed = await fetch(`${srv.url}/api/me/name`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "x-forwarded-for": "10.71.0.2" },
    body: JSON.stringify({ name: "Renamed" }),
  });
  expect(renamed.status).toBe(200);
  expect(((await (await read(`/players/${player.id}`)).json()) as { player: { name: string } }).player.name).toBe("Renamed");

  // A URL made unique each time (a cache-busting flood) is a new read each time: 4 left of the 10, then 503.
  const busting: number[] = [];
  for (let i = 0; i < 9; i++) {
    const r = await read(`/leaderboard/devils_scat?n=${i}`);
    busting.push(r.status);
    await r.arrayBuffer();
  }
  expect(busting).toEqual([...Array(4).fill(200), ...Array(5).fill(503)]);

  // A kept answer is still given with the budget spent (the profile, kept after the rename; the leaderboard kept before it is not given again).
  expect((await read(`/players/${player.id}`)).status).toBe(200);
  expect((await read("/leaderboard/skit_scat")).status).toBe(503);
});
