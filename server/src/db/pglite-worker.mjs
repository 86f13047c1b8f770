// Embedded PGlite in its own thread (db/pglite-thread.ts): PostgreSQL compiled to WebAssembly runs
// synchronously while it works, so on the game's event loop its first start (seconds: the files
// unpacked, then the migrations) held every table, and each query (~1.5 ms) delayed the patches
// behind it. Here it holds only this thread. Messages: {id, sql, params} → {id, rows, affectedRows}
// or {id, error: {message, code, ...}}; {id, close: true} closes it. Plain JavaScript so that it
// loads under Node, tsx and vitest alike.
import { parentPort, workerData } from "node:worker_threads";
import { inspect } from "node:util";
import { PGlite } from "@electric-sql/pglite";

const INT8 = 20;
const ready = PGlite.create(workerData.dir ?? undefined, { parsers: { [INT8]: (v) => Number(v) } });
ready.then(
  () => parentPort.postMessage({ ready: true }),
  (err) => parentPort.postMessage({ ready: false, error: describe(err) }),
);

/** What the caller needs of a failure: PostgreSQL's fields (`code` 23505 is a unique violation) survive the thread hop. */
function describe(err) {
  // Not every failure is an Error: WebAssembly's exit (a full disk at the first start) throws a
  // plain object, which String() made "[object Object]".
  const message =
    typeof err?.message === "string" && err.message !== ""
      ? err.message
      : typeof err === "string"
        ? err
        : inspect(err, { depth: 2, breakLength: Infinity });
  const out = { message };
  for (const key of ["code", "detail", "constraint", "table", "column", "severity"]) if (err?.[key] !== undefined) out[key] = err[key];
  return out;
}

// One query at a time, in the order they came: PGlite is a single connection.
let tail = Promise.resolve();
parentPort.on("message", (m) => {
  tail = tail.then(async () => {
    try {
      const pg = await ready;
      if (m.close) {
        await pg.close();
        parentPort.postMessage({ id: m.id, closed: true });
        return;
      }
      const res = await pg.query(m.sql, m.params);
      parentPort.postMessage({ id: m.id, rows: res.rows, affectedRows: res.affectedRows });
    } catch (err) {
      parentPort.postMessage({ id: m.id, error: describe(err) });
    }
  });
});
