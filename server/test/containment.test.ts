/**
 * A fault inside one table (a throwing engine call in a message handler or in a timer) ends that
 * message or timer only: the sender hears `server-error`, the fault is counted, and the table
 * and every other table go on.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../src/metrics.ts";
import type { TableRoom } from "../src/table/table-room.ts";
import { bootServer, mine, record, until, waitSeat } from "./helpers.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  colyseus = await bootServer();
});
afterAll(async () => {
  await colyseus.shutdown();
});

async function handlerErrors(method: string): Promise<number> {
  const metric = await registry.getSingleMetric("scat_handler_errors_total")!.get();
  return metric.values.find((v) => v.labels.method === method)?.value ?? 0;
}

async function untilCounted(method: string, count: number): Promise<void> {
  const end = Date.now() + 10_000;
  while ((await handlerErrors(method)) < count) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${count} contained faults in ${method}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("a fault inside a table", () => {
  it("in a message handler: the sender is told, the fault counted, and the table plays on", async () => {
    const room = await colyseus.sdk.joinOrCreate("devils_scat", { name: "Tess", seats: 2, bots: 1, turnSeconds: 60 });
    const log = record(room);
    const seat = await waitSeat(room);
    const srv = colyseus.getRoomById(room.roomId) as unknown as TableRoom;
    const other = await colyseus.sdk.joinOrCreate("skit_scat", { name: "Other", seats: 2, bots: 1, turnSeconds: 60 });
    await until(() => srv.match && mine(room, seat)?.legal.length, "my decision");
    const before = await handlerErrors("onMessage");
    const match = srv.match!;
    const realAct = match.act.bind(match);
    match.act = () => {
      throw new Error("engine bug");
    };
    const version = match.state.version;
    room.send("action", mine(room, seat)!.legal[0]);
    await until(() => log.find((m) => m.type === "rejected"), "a rejection");
    expect(log.find((m) => m.type === "rejected")!.message).toMatchObject({ code: "server-error" });
    expect(await handlerErrors("onMessage")).toBe(before + 1);
    expect(srv.match!.state.version).toBe(version);
    match.act = realAct;
    room.send("action", mine(room, seat)!.legal[0]);
    await until(() => srv.match!.state.version > version, "the table goes on");
    expect(other.connection.isOpen).toBe(true);
    await Promise.all([room.leave(), other.leave()]);
  });

  it("in a timer (a bot's move): counted, and the table plays on", async () => {
    const room = await colyseus.sdk.joinOrCreate("devils_scat", { name: "Tess", seats: 2, bots: 1, turnSeconds: 10 });
    room.onMessage("*", () => {});
    const seat = await waitSeat(room);
    const srv = colyseus.getRoomById(room.roomId) as unknown as TableRoom;
    await until(() => srv.match, "the deal");
    const before = await handlerErrors("setTimeout");
    const realAct = srv.act.bind(srv);
    let thrown = 0;
    srv.act = (slot, action, client, raw) => {
      if (slot.isBot && thrown++ === 0) throw new Error("bot step bug");
      return realAct(slot, action, client, raw);
    };
    // Play until the bot's turn comes and its move throws once.
    const end = Date.now() + 20_000;
    while ((await handlerErrors("setTimeout")) === before && Date.now() < end) {
      const legal = mine(room, seat)?.legal ?? [];
      if (legal.length > 0) room.send("action", legal.find((a) => a.type === "drawDeck") ?? legal[0]);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await handlerErrors("setTimeout")).toBe(before + 1);
    const version = srv.match!.state.version;
    srv.bots.schedule();
    await until(() => srv.match!.state.version > version, "the bot moves again and the table goes on");
    await room.leave();
  });

  it("in a hook: a failed join is refused to that client only, a failed leave is contained, and the table goes on", async () => {
    const room = await colyseus.sdk.joinOrCreate("devils_scat", { name: "Host", seats: 4, bots: 0, turnSeconds: 60 });
    room.onMessage("*", () => {});
    await waitSeat(room);
    const srv = colyseus.getRoomById(room.roomId) as unknown as TableRoom;
    const joins = await handlerErrors("onJoin");
    const welcome = srv.net.welcome.bind(srv.net);
    srv.net.welcome = () => {
      throw new Error("join bug");
    };
    await expect(colyseus.sdk.joinById(room.roomId, { name: "Unlucky" })).rejects.toThrow();
    expect(await handlerErrors("onJoin")).toBe(joins + 1);
    srv.net.welcome = welcome;
    const friend = await colyseus.sdk.joinById(room.roomId, { name: "Friend" });
    friend.onMessage("*", () => {});
    expect(await waitSeat(friend)).not.toBeNull();

    const leaves = await handlerErrors("onLeave");
    const forget = srv.net.forget.bind(srv.net);
    srv.net.forget = () => {
      throw new Error("leave bug");
    };
    await friend.leave();
    await untilCounted("onLeave", leaves + 1);
    srv.net.forget = forget;
    const third = await colyseus.sdk.joinById(room.roomId, { name: "Third" });
    third.onMessage("*", () => {});
    expect(await waitSeat(third)).not.toBeNull();
    expect(room.connection.isOpen).toBe(true);
    await Promise.all([room.leave(), third.leave()]);
  });

  it("after a patch: the fault is counted and the next change patches again", async () => {
    const room = await colyseus.sdk.joinOrCreate("devils_scat", { name: "Tess", seats: 2, bots: 1, turnSeconds: 60 });
    room.onMessage("*", () => {});
    const seat = await waitSeat(room);
    const srv = colyseus.getRoomById(room.roomId) as unknown as TableRoom;
    await until(() => srv.match && mine(room, seat)?.legal.length, "my decision");
    const before = await handlerErrors("patch");
    const patched = srv.play.patched.bind(srv.play);
    srv.play.patched = () => {
      srv.play.patched = patched;
      throw new Error("after-patch bug");
    };
    const version = srv.match!.state.version;
    room.send("action", mine(room, seat)!.legal.find((a) => a.type === "drawDeck") ?? mine(room, seat)!.legal[0]);
    await untilCounted("patch", before + 1);
    await until(() => srv.match!.state.version > version, "the table goes on");
    expect(await handlerErrors("patch")).toBe(before + 1);
    await room.leave();
  });
});
