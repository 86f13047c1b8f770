/**
 * The file journal (no Redis): appends are on disk when `write` returns; deleting a journal runs
 * off the event loop, and a new journal of the same table written meanwhile is not deleted by it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FileJournal } from "../src/durable/file-journal.ts";
import type { JournalEntry } from "../src/durable/journal.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function journal(): { store: FileJournal; file: (id: string) => string } {
  const dir = mkdtempSync(path.join(tmpdir(), "scat-file-journal-"));
  dirs.push(dir);
  return { store: new FileJournal(dir), file: (id) => path.join(dir, "tables", `${id}.jsonl`) };
}

const waiting = (name: string): JournalEntry => ({
  k: "w",
  game: "devils_scat",
  options: {},
  seats: [{ name, playerId: `player-${name}`, isBot: false, botReason: "" }],
});
const header: JournalEntry = { k: "h", game: "devils_scat", options: {}, seed: "s", salt: "t", startedAt: 1, seats: [] };
const stepAt = (i: number): JournalEntry => ({ k: "s", i, seat: 0, action: { type: "drawDeck" }, now: i });

describe("file journal", () => {
  it("has each append on disk when write returns, and reads the table back", async () => {
    const { store, file } = journal();
    expect(store.write("t1", [header, stepAt(0)], true)).toBe("ok");
    expect(store.write("t1", [stepAt(1)], false)).toBe("ok");
    expect(readFileSync(file("t1"), "utf8").trim().split("\n")).toHaveLength(3);
    const [record] = store.readAll();
    expect(record?.steps.map((s) => s.now)).toEqual([0, 1]);
    await store.close();
  });

  it("deletes off the event loop, and a journal written again meanwhile survives the deletion", async () => {
    const { store, file } = journal();
    store.write("t1", [waiting("Ann")], true);
    store.remove("t1");
    // The deletion has not run yet: nothing blocked on the disk.
    expect(existsSync(file("t1"))).toBe(true);
    // The table is journalled again at once (a player sat down): this write waits for the deletion.
    const again = store.write("t1", [waiting("Bob")], true);
    expect(again).toBeInstanceOf(Promise);
    expect(await again).toBe("ok");
    await store.close();
    expect(readFileSync(file("t1"), "utf8")).toContain("player-Bob");
    expect(store.readAll()[0]?.seats[0]?.name).toBe("Bob");
  });

  it("deletes journals once they are over", async () => {
    const { store, file } = journal();
    for (let i = 0; i < 50; i++) store.write(`t${i}`, [header], true);
    for (let i = 0; i < 50; i++) store.remove(`t${i}`);
    await store.close();
    for (let i = 0; i < 50; i++) expect(existsSync(file(`t${i}`))).toBe(false);
    expect(store.readAll()).toEqual([]);
  });
});
