/**
 * Journals without Redis: one append-only file of JSON lines per table under DATA_DIR/tables,
 * written synchronously before a step's effects are sent (so a kill -9 loses nothing the
 * players saw; the page cache holds it even if the process dies mid-way). A restarted process
 * reads them back and resumes every table (durable/durability.ts). One process per DATA_DIR.
 */
import { closeSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import { logger } from "../logger.ts";
import { decodeJournal, type JournalEntry, type JournalStore, type TableRecord, type WriteOutcome } from "./journal.ts";

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const HEARTBEAT = "heartbeat";

export class FileJournal implements JournalStore {
  readonly kind = "file";
  private readonly dir: string;
  private readonly fds = new Map<string, number>();

  constructor(private readonly dataDir: string) {
    this.dir = path.join(dataDir, "tables");
    mkdirSync(this.dir, { recursive: true });
  }

  private file(tableId: string): string {
    if (!SAFE_ID.test(tableId)) throw new Error(`journal: unsafe table id ${JSON.stringify(tableId)}`);
    return path.join(this.dir, `${tableId}.jsonl`);
  }

  write(tableId: string, entries: readonly JournalEntry[], fresh: boolean): WriteOutcome {
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

  private release(tableId: string): void {
    const fd = this.fds.get(tableId);
    if (fd !== undefined) closeSync(fd);
    this.fds.delete(tableId);
  }

  remove(tableId: string): void {
    this.release(tableId);
    rmSync(this.file(tableId), { force: true });
  }

  available(): boolean {
    return true;
  }

  /** Marks this process alive (the outage of a restart is measured from the last beat). */
  beat(now = Date.now()): void {
    writeFileSync(path.join(this.dataDir, HEARTBEAT), String(now));
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
          try { entries.push(JSON.parse(line) as JournalEntry); } catch { break; }
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
    for (const id of [...this.fds.keys()]) this.release(id);
  }
}
