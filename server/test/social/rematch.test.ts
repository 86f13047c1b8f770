/**
 * Play again with the same people: at game over one player's new private
 * table is offered to the others; one accepts, one declines, and with `fill` a bot takes the
 * decliner's seat and the rematch starts. Bad offers and answers are refused to their sender only.
 */
import type { ColyseusTestServer } from "@colyseus/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TableRoom } from "../../src/table/table-room.ts";
import { bootServer, record, until, waitSeat } from "../helpers.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  colyseus = await bootServer();
});
afterAll(async () => {
  await colyseus.shutdown();
});

const rejected = (log: { type: string; message: unknown }[], code: string) =>
  log.some((m) => m.type === "rejected" && (m.message as { code?: string }).code === code);

describe("rematch", () => {
  it("offers the same players a new private table; a bot takes the seat of one who declines", async () => {
    const options = { seats: 3, bots: 0, turnSeconds: 30, private: true, variants: {} };
    const a = await colyseus.sdk.create("devils_scat", { ...options, name: "Ann", playerId: "ann-player-1" });
    const b = await colyseus.sdk.joinById(a.roomId, { name: "Bea", playerId: "bea-player-1" });
    const c = await colyseus.sdk.joinById(a.roomId, { name: "Cal", playerId: "cal-player-1" });
    const [logA, logB, logC] = [a, b, c].map(record) as [ReturnType<typeof record>, ReturnType<typeof record>, ReturnType<typeof record>];
    const srv = colyseus.getRoomById(a.roomId) as unknown as TableRoom;
    const seats = await Promise.all([a, b, c].map(waitSeat));
    // Too early: the game is not over.
    a.send("rematch", { code: "ABCDEF", fill: true });
    await until(() => rejected(logA, "not-over"), "refused before game over");
    // The end of the game: playing three seats to the end takes 30-60 s on this machine, so the
    // match's "over" is read as true (the only stand-in: the offer, the answers and both tables are real).
    await until(() => srv.match !== null, "the game starts");
    vi.spyOn(srv.match!, "over", "get").mockReturnValue(true);
    // A made-up code, or a table the sender does not sit at, is refused; nothing is offered.
    const stranger = await colyseus.sdk.create("devils_scat", { seats: 3, bots: 0, private: true, name: "Zed", playerId: "zed-player-1" });
    stranger.onMessage("*", () => {});
    a.send("rematch", { code: stranger.roomId, fill: true });
    await until(() => rejected(logA, "bad-rematch"), "a table the sender does not sit at refused");
    a.send("rematch", { code: "<b>", fill: true });
    a.send("rematch", { code: "ABCDEF", fill: "yes" });
    await until(
      () => logA.filter((m) => m.type === "rejected" && (m.message as { code: string }).code === "invalid-message").length === 2,
      "bad shapes refused",
    );
    expect([...logB, ...logC].some((m) => m.type === "rematch")).toBe(false);
    expect(JSON.stringify(logA)).not.toContain("<b>");

    // Ann makes the new table and offers it.
    const next = await colyseus.sdk.create("devils_scat", {
      seats: 3,
      bots: 0,
      turnSeconds: 30,
      private: true,
      variants: {},
      name: "Ann",
      playerId: "ann-player-1",
    });
    const logNext = record(next);
    a.send("rematch", { code: next.roomId, fill: true });
    const offer = await until(
      () => logB.find((m) => m.type === "rematch")?.message as { code: string; from: number; fill: boolean } | undefined,
      "the offer to Bea",
    );
    expect(offer).toEqual({ code: next.roomId, from: seats[0], fill: true });
    await until(() => logC.some((m) => m.type === "rematch"), "the offer to Cal");
    expect(logA.some((m) => m.type === "rematch")).toBe(false);
    // A second offer at the same table is refused.
    b.send("rematch", { code: next.roomId, fill: true });
    await until(() => rejected(logB, "rematch-offered"), "one offer per table");

    // Bea accepts (joins), Cal declines: the bot takes Cal's seat and the rematch starts.
    await a.leave();
    await b.leave();
    const b2 = await colyseus.sdk.joinById(next.roomId, { name: "Bea", playerId: "bea-player-1" });
    b2.onMessage("*", () => {});
    c.send("rematchAnswer", { accept: false });
    c.send("rematchAnswer", { accept: false });
    await until(() => rejected(logC, "already-answered"), "one answer each");
    const srvNext = colyseus.getRoomById(next.roomId) as unknown as TableRoom;
    await until(() => srvNext.match !== null, "the rematch starts with a bot for Cal");
    expect(srvNext.seating.slots.map((s) => (s.isBot ? "bot" : s.name))).toEqual(["Ann", "Bea", "bot"]);
    // The notice is sent before the table starts; Ann's page hears it over its socket a moment later.
    await until(
      () => logNext.some((m) => m.type === "social" && (m.message as { name: string }).name === "Cal"),
      "Ann is told Cal declined",
    );
    expect((srvNext.state as unknown as { isPrivate: boolean }).isPrivate).toBe(true);
    await Promise.all([c.leave(), next.leave(), b2.leave(), stranger.leave()]);
  });

  it("with fill, a decline that comes before the other's accept still fills and starts once the last one sits down", async () => {
    const options = { seats: 3, bots: 0, turnSeconds: 30, private: true, variants: {} };
    const a = await colyseus.sdk.create("devils_scat", { ...options, name: "Dee", playerId: "dee-player-1" });
    const b = await colyseus.sdk.joinById(a.roomId, { name: "Eve", playerId: "eve-player-1" });
    const c = await colyseus.sdk.joinById(a.roomId, { name: "Fay", playerId: "fay-player-1" });
    const [, logB, logC] = [a, b, c].map(record) as [ReturnType<typeof record>, ReturnType<typeof record>, ReturnType<typeof record>];
    const srv = colyseus.getRoomById(a.roomId) as unknown as TableRoom;
    await Promise.all([a, b, c].map(waitSeat));
    await until(() => srv.match !== null, "the game starts");
    vi.spyOn(srv.match!, "over", "get").mockReturnValue(true);
    const next = await colyseus.sdk.create("devils_scat", { ...options, name: "Dee", playerId: "dee-player-1" });
    const logNext = record(next);
    a.send("rematch", { code: next.roomId, fill: true });
    await until(() => logB.some((m) => m.type === "rematch") && logC.some((m) => m.type === "rematch"), "the offer to Eve and Fay");
    const srvNext = colyseus.getRoomById(next.roomId) as unknown as TableRoom;
    // Fay declines first: Eve has not answered, so nothing starts yet.
    c.send("rematchAnswer", { accept: false });
    await until(
      () => logNext.some((m) => m.type === "social" && (m.message as { name: string }).name === "Fay"),
      "Dee is told Fay declined",
    );
    expect(srvNext.match).toBeNull();
    // Eve accepts afterwards (joins by code): everyone has answered, a bot takes Fay's seat.
    await Promise.all([a.leave(), b.leave()]);
    const b2 = await colyseus.sdk.joinById(next.roomId, { name: "Eve", playerId: "eve-player-1" });
    b2.onMessage("*", () => {});
    await until(() => srvNext.match !== null, "the rematch starts with a bot for Fay");
    expect(srvNext.seating.slots.map((s) => (s.isBot ? "bot" : s.name))).toEqual(["Dee", "Eve", "bot"]);
    await Promise.all([c.leave(), next.leave(), b2.leave()]);
  });
});
