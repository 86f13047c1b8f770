/**
 * Table chat on a cluster (issue 27 item 9): two server processes behind nginx share Redis and a
 * PostgreSQL server. A table lives on one process, so every socket of a table ends there; what
 * crosses processes is everything around it: the players and the spectator reach the table
 * through the other process's matchmaker (accounts made on different processes, one store), and
 * the per-account chat limit is one budget in Redis, so an account that spends it at a table on
 * one process is cut off at a table on the other. Both processes give the lobby's online count
 * alike (social/presence/online.ts).
 */
import { Client, type Room } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_CLIENT, CHAT_SERVER, type ChatLine } from "@scat/shared/social/chat.ts";
import { startCluster, type Cluster } from "../../../cluster/cluster.ts";
import { until } from "../helpers.ts";
import { api } from "../support/ranked-client.ts";
import { startPostgres, type PostgresServer } from "../support/postgres-server.ts";

let pg: PostgresServer;
let cluster: Cluster;
beforeAll(async () => {
  pg = await startPostgres();
  cluster = await startCluster({ processes: 2, env: { LOG_LEVEL: "warn", DATABASE_URL: pg.url, TOKEN_SECRET: "chat-cluster-secret-0123456789abcdef", BOT_DELAY_MS: "20-40" } });
}, 180_000);
afterAll(async () => {
  await cluster?.stop();
  await pg?.stop();
});

const via = (n: number) => new Client(`${cluster.url}/p${n}`);
/** The process a room's socket reached ("p1" or "p2"). */
const hostOf = (room: Room) => String((room as unknown as { connection: { transport: { ws: { url: string } } } }).connection.transport.ws.url).split("/")[3] ?? "";
const otherThan = (host: string) => (host === "p1" ? 2 : 1);

interface Heard { lines: ChatLine[]; rejected: string[] }
function listen(room: Room): Heard {
  const heard: Heard = { lines: [], rejected: [] };
  room.onMessage("*", (type, m) => {
    if (type === CHAT_SERVER.line) heard.lines.push(m as ChatLine);
    else if (type === "rejected") heard.rejected.push((m as { code: string }).code);
  });
  return heard;
}

describe("table chat on two processes", () => {
  it("carries lines between players and a spectator who came through the other process, and shares the chat limit across processes", async () => {
    const ann = await api(`${cluster.url}/p1`, "/accounts/guest", { name: "Ann", token: true });
    const ben = await api(`${cluster.url}/p2`, "/accounts/guest", { name: "Ben", token: true });
    const table = { seats: 3, autoFillSeconds: 0 };
    const a = await via(1).create("devils_scat", { name: "Ann", token: ann.token, ...table });
    const sa = listen(a);
    const host = hostOf(a);
    // Ben and the spectator ask the process that does not host the table.
    const b = await via(otherThan(host)).joinById(a.roomId, { name: "Ben", token: ben.token });
    const sb = listen(b);
    const w = await via(otherThan(host)).joinById(a.roomId, { name: "Wes", spectate: true });
    const sw = listen(w);

    a.send(CHAT_CLIENT.say, { phrase: "gg" });
    await until(() => sb.lines.some((l) => l.phrase === "gg") && sw.lines.some((l) => l.phrase === "gg"), "Ann's line to Ben and the spectator");
    w.send(CHAT_CLIENT.say, { phrase: "wp" });
    await until(() => sa.lines.some((l) => l.phrase === "wp") && sb.lines.some((l) => l.phrase === "wp"), "the spectator's line to both players");
    expect(sa.lines.find((l) => l.phrase === "wp")).toMatchObject({ name: "Wes", seat: null, channel: "spectators" });
    expect(sw.lines.find((l) => l.phrase === "gg")).toMatchObject({ name: "Ann", channel: "table" });
    // Who is here: both processes count the three connections (on one of them) alike, through Redis.
    const counts = await Promise.all([1, 2].map(async (n) => (await fetch(`${cluster.url}/p${n}/api/social/counts`)).json()));
    expect(counts).toEqual([{ online: 3, tables: 0 }, { online: 3, tables: 0 }]);

    // A second table hosted by the other process: a create goes to the process with the fewest
    // rooms, and the table's own process counts its own rooms live (the others' a second late).
    let t2: Room | null = null;
    const extra: Room[] = [];
    for (let i = 0; i < 4 && !t2; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 1_100));
      const r = await via(Number(host.slice(1))).create("devils_scat", { name: "Cat", ...table });
      r.onMessage("*", () => undefined);
      if (hostOf(r) !== host) t2 = r;
      else extra.push(r);
    }
    expect(t2, "a table on the other process").not.toBeNull();
    const b2 = await via(1).joinById(t2!.roomId, { name: "Ben", token: ben.token, spectate: true });
    const sb2 = listen(b2);
    // Ben spends most of his burst (5) at the first table, then speaks at the second: one budget.
    for (let i = 0; i < 4; i++) b.send(CHAT_CLIENT.say, { phrase: "oops" });
    await until(() => sa.lines.filter((l) => l.phrase === "oops").length + sb.rejected.length >= 4, "Ben's lines at the first table");
    expect(sb.rejected).toEqual([]);
    for (let i = 0; i < 4; i++) b2.send(CHAT_CLIENT.say, { phrase: "thanks" });
    await until(() => sb2.lines.filter((l) => l.phrase === "thanks").length + sb2.rejected.length >= 4, "Ben's lines at the second table");
    // Alone, 4 lines at the second table are within the burst; after the first table's 4, they are not.
    expect(sb2.rejected.length).toBeGreaterThanOrEqual(1);
    expect(sb2.rejected.every((c) => c === "rate-limited")).toBe(true);
    await Promise.all([a, b, w, b2, t2!, ...extra].map((r) => r.leave().catch(() => undefined)));
  }, 120_000);
});
