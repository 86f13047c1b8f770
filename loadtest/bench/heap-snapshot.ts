/**
 * Heap snapshots of a server process through the V8 inspector (the process runs with
 * `--inspect=127.0.0.1:0`), summed per constructor: what a connected player costs, by kind of
 * object (bench/heap-bench.ts).
 */
import { writeFileSync } from "node:fs";
import { inspect } from "../src/inspector.ts";

export type HeapSummary = Map<string, { bytes: number; count: number }>;

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export function summarize(raw: string): HeapSummary {
  const snap = JSON.parse(raw) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [iType, iName, iSize] = ["type", "name", "self_size"].map((f) => fields.indexOf(f)) as [number, number, number];
  const out: HeapSummary = new Map();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + iType]!]!;
    let name = snap.strings[snap.nodes[i + iName]!]!;
    if (type === "string" || type === "concatenated string" || type === "sliced string" || type === "number") name = "";
    if (name.length > 60) name = name.slice(0, 60);
    const key = `${type}:${name}`;
    const e = out.get(key) ?? { bytes: 0, count: 0 };
    e.bytes += snap.nodes[i + iSize]!;
    e.count++;
    out.set(key, e);
  }
  return out;
}

/** A snapshot (after V8's own full collection), summarized. */
export async function heapSummary(serverOutput: string, saveTo?: string): Promise<{ summary: HeapSummary; total: number }> {
  const s = await inspect(serverOutput);
  const chunks: string[] = [];
  s.on("HeapProfiler.addHeapSnapshotChunk", (p: { chunk: string }) => chunks.push(p.chunk));
  try {
    await s.call("HeapProfiler.enable");
    await s.call("HeapProfiler.collectGarbage");
    await s.call("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
  } finally {
    s.close();
  }
  const raw = chunks.join("");
  if (saveTo) writeFileSync(saveTo, raw);
  const summary = summarize(raw);
  let total = 0;
  for (const e of summary.values()) total += e.bytes;
  return { summary, total };
}

/** Per player: the kinds that grew most between two summaries. */
export function growth(before: HeapSummary, after: HeapSummary, players: number, top = 40): string[] {
  const rows: { key: string; bytes: number; count: number }[] = [];
  for (const [key, a] of after) {
    const b = before.get(key) ?? { bytes: 0, count: 0 };
    rows.push({ key, bytes: (a.bytes - b.bytes) / players, count: (a.count - b.count) / players });
  }
  rows.sort((x, y) => y.bytes - x.bytes);
  return rows.slice(0, top).map((r) => `${r.bytes.toFixed(0).padStart(7)} B ${r.count.toFixed(2).padStart(7)} obj  ${r.key}`);
}
