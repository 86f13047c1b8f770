/**
 * Exact-size visibility bitmaps. Schema 5 keeps, on every change tree a StateView has seen, one
 * bitmap of the views that see it (`visibleViews`, 32 views per number) and creates it as `[]`
 * then pushes: V8 gives a pushed-to empty array room for 17 numbers (152 bytes) where a table,
 * whose views all fit in the first number (ids 0-31: four seats and the spectators), needs one.
 * A table's seats and private parts are ~20 such trees, so this is ~0.6 KiB per player
 * (docs/benchmarks/state.md, "Memory per player"). Same bits, same reads: only the array's first size
 * changes (a view id past 31 still grows it by push).
 */
import { StateView } from "@colyseus/schema";

interface Tree {
  visibleViews?: number[];
}
interface ViewBits {
  _slot: number;
  _bit: number;
  markVisible(tree: Tree): void;
}

let installed = false;

export function exactViewBitmaps(): void {
  if (installed) return;
  installed = true;
  const proto = StateView.prototype as unknown as ViewBits;
  proto.markVisible = function markVisible(this: ViewBits, tree: Tree): void {
    const slot = this._slot;
    let arr = tree.visibleViews;
    if (arr === undefined) arr = tree.visibleViews = slot === 0 ? [0] : Array.from({ length: slot + 1 }, () => 0);
    while (arr.length <= slot) arr.push(0);
    arr[slot]! |= this._bit;
  };
}
