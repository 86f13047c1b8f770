/**
 * Journals without Redis: one append-only file of JSON lines per table under DATA_DIR/tables,
 * appended synchronously before a step's effects are sent (so a kill -9 loses nothing the
 * players saw; the page cache holds it even if the process dies mid-way; an append is a few
 * microseconds). Closing and deleting a journal (a game over, a table left) happen off the event
 * loop: many tables ending at once used to stall it for tens of milliseconds. A restarted
 * process reads them back and resumes every table (durable/durability.ts). One process per DATA_DIR.
 */
import { close, mkdirSync, openSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync, writeSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { logger } from "../logger.ts";
import { decodeJournal, type JournalEntry, type JournalStore, type TableRecord, type WriteOutcome } from "./journal.ts";

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const HEARTBEAT = "heartbeat";

export class FileJournal implements JournalStore {
  readonly kind = "file";
  private readonly dir: string;
  private readonly fds = new Map<string, number>();
  /** Journals being deleted: a new journal of the same table waits for the deletion. */
  private readonly removing = new Map<string, Promise<void>>();

  constructor(private readonly dataDir: string) {
    this.dir = path.join(dataDir, "tables");
    mkdirSync(this.dir, { recursive: true });
  }

  private file(tableId: string): string {
    if (!SAFE_ID.test(tableId)) throw new Error(`journal: unsafe table id ${JSON.stringify(tableId)}`);
    return path.join(this.dir, `${tableId}.jsonl`);
  }

  write(tableId: string, entries: readonly JournalEntry[], fresh: boolean | "rewrite"): WriteOutcome | Promise<WriteOutcome> {
    const removing = this.removing.get(tableId);
    if (removing) return removing.then(() => this.write(tableId, entries, fresh));
    const text = entries.map((e) => `${JSON.stringify(e)}\n`).join("");
    if (fresh) {
      this.release(tableId);
      writeFileSync(this.file(tableId), text);
      return "ok";
    }
    let fd = this.fds.get(tableId);
    if (fd === undefined) this.fds.set(tableId, (fd = openSync(this.file(tableId), "a")));
    writeSync(fd, text);
    return "ok";
  }

  /** Closes the table's file (off the event loop: the descriptor is not used again). */
  private release(tableId: string): Promise<void> {
    const fd = this.fds.get(tableId);
    this.fds.delete(tableId);
    return fd === undefined ? Promise.resolve() : new Promise((resolve) => close(fd, () => resolve()));
  }

  remove(tableId: string): void {
    const file = this.file(tableId);
    const before = this.removing.get(tableId) ?? Promise.resolve();
    const done: Promise<void> = before
      .then(() => this.release(tableId))
      .then(() => rm(file, { force: true }))
      .catch((err: unknown) => logger.warn({ table: tableId, err }, "journal could not be deleted"))
      .finally(() => {
        if (this.removing.get(tableId) === done) this.removing.delete(tableId);
      });
    this.removing.set(tableId, done);
  }

  available(): boolean {
    return true;
  }

  /** Marks this process alive (the outage of a restart is measured from the last beat). */
  beat(now = Date.now()): void {
    void writeFile(path.join(this.dataDir, HEARTBEAT), String(now)).catch(() => undefined);
  }

  /** Server ms of the last beat of the process that wrote these journals (0 when none). */
  lastBeat(): number {
    try {
      return Number(readFileSync(path.join(this.dataDir, HEARTBEAT), "utf8")) || statSync(path.join(this.dataDir, HEARTBEAT)).mtimeMs;
    } catch {
      return 0;
    }
  }

  /** Every journal left by a previous run; unreadable ones are logged and set aside. */
  readAll(): TableRecord[] {
    const out: TableRecord[] = [];
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith(".jsonl")) continue;
      const tableId = name.slice(0, -".jsonl".length);
      try {
        const lines = readFileSync(path.join(this.dir, name), "utf8").split("\n").filter(Boolean);
        // A line cut short by a crash mid-write is the last one: the step it held was never sent.
        const entries: JournalEntry[] = [];
        for (const line of lines) {
          try {
            entries.push(JSON.parse(line) as JournalEntry);
          } catch {
            break;
          }
        }
        out.push(decodeJournal(tableId, entries));
      } catch (err) {
        logger.error({ table: tableId, err }, "journal unreadable; set aside");
        renameSync(path.join(this.dir, name), path.join(this.dir, `${name}.bad`));
      }
    }
    return out;
  }

  async close(): Promise<void> {
    await Promise.all([...this.removing.values()]);
    await Promise.all([...this.fds.keys()].map((id) => this.release(id)));
  }
}
