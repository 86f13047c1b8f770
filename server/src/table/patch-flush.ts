/**
 * Patches the moment the state changes, and no per-room interval otherwise (docs/PROTOCOL.md,
 * "When patches come"). Colyseus broadcasts patches from a 50 ms interval that also ticks the
 * room's clock, whose timers only fire on a tick. Here instead:
 * - the first change to the state after a patch queues one `broadcastPatch()` for the end of the
 *   current task (a microtask), so an applied action's patch leaves right after its events;
 * - every timer of `room.clock` fires from a real timer at its due time, so deadlines, bots,
 *   autofill and the rest fire on time with no tick loop.
 * A real-time race may still run a fine simulation interval (`TableRoom.tickEvery`).
 */
import type { Room } from "@colyseus/core";

interface DelayedLike {
  active: boolean;
  paused: boolean;
  time: number;
  execute(): void;
  clear(): void;
  pause(): void;
  resume(): void;
  reset(): void;
}

const SINK = Symbol("faults");

/** Where a timer's exception goes: the table logs and counts it, and the table goes on. */
export interface FaultSink {
  contain(error: unknown, method: string): void;
}

interface ClockLike {
  delayed: DelayedLike[];
  [SINK]?: FaultSink;
  setTimeout(cb: (...args: unknown[]) => void, ms: number, ...args: unknown[]): DelayedLike;
  setInterval(cb: (...args: unknown[]) => void, ms: number, ...args: unknown[]): DelayedLike;
}

interface RoomInternals {
  _serializer?: { encoder?: { root?: { enqueueChangeTree: (...args: unknown[]) => unknown } } };
  _simulationInterval?: unknown;
}

/** Stops the patch interval (and Colyseus' fallback clock-tick interval). */
function stopPatchInterval(room: Room): void {
  const internals = room as unknown as RoomInternals;
  const held = internals._simulationInterval;
  // With no simulation interval, setting `patchRate = null` makes core tick the clock every 16 ms.
  internals._simulationInterval = held ?? true;
  room.patchRate = null;
  internals._simulationInterval = held;
}

/** Queues one patch whenever the state changes after the last one. */
function patchOnChange(room: Room, afterPatch?: () => void): void {
  const root = (room as unknown as RoomInternals)._serializer?.encoder?.root;
  if (!root) throw new Error("patchOnChange: the room has no schema state yet");
  const enqueue = root.enqueueChangeTree.bind(root);
  // Methods, not named arrow functions: tsx's keepNames gives each named closure its own property dictionary.
  const patch = {
    queued: false,
    flush(): void {
      patch.queued = false;
      try {
        room.broadcastPatch();
        afterPatch?.();
      } catch (error) {
        // A microtask's exception would reach the process: this patch is lost, the next change patches again.
        const sink = (room.clock as unknown as ClockLike)[SINK];
        if (!sink) throw error;
        sink.contain(error, "patch");
      }
    },
  };
  root.enqueueChangeTree = (...args: unknown[]) => {
    const r = enqueue(...args);
    if (!patch.queued) {
      patch.queued = true;
      queueMicrotask(patch.flush);
    }
    return r;
  };
}

/** A woken timer's own state, kept on its `Delayed` (shared functions, no closures per timer: rooms hold several). */
const WAKE = Symbol("wake");
interface Wake {
  readonly clock: ClockLike;
  readonly interval: boolean;
  handle: ReturnType<typeof setTimeout> | undefined;
  due: number;
  left: number;
  readonly clear: () => void;
}
type Woken = DelayedLike & { [WAKE]: Wake };

// The clock's tick also drops finished timers from its list; with no tick they are dropped here.
function drop(d: Woken): void {
  const list = d[WAKE].clock.delayed;
  const i = list.lastIndexOf(d);
  if (i >= 0) list.splice(i, 1);
}

function fire(d: Woken): void {
  const w = d[WAKE];
  w.handle = undefined;
  if (!d.active) return drop(d);
  try {
    d.execute();
  } catch (error) {
    const sink = w.clock[SINK];
    if (!sink) throw error;
    // A throwing timeout ends there (its `execute` did not get to mark it done); an interval goes on.
    if (!w.interval) d.active = false;
    sink.contain(error, w.interval ? "setInterval" : "setTimeout");
  }
  if (!d.active) drop(d);
  else if (w.interval && w.handle === undefined) wake(d, d.time);
}

function wake(d: Woken, ms: number): void {
  const w = d[WAKE];
  w.due = performance.now() + ms;
  w.handle = setTimeout(fire, ms, d);
}

function stop(d: Woken): void {
  const w = d[WAKE];
  if (w.handle !== undefined) clearTimeout(w.handle);
  w.handle = undefined;
}

const wokenMethods = {
  clear(this: Woken): void {
    this[WAKE].clear.call(this);
    stop(this);
    drop(this);
  },
  pause(this: Woken): void {
    const w = this[WAKE];
    if (w.handle === undefined) return;
    w.left = Math.max(0, w.due - performance.now());
    stop(this);
  },
  resume(this: Woken): void {
    if (this[WAKE].handle === undefined && this.active) wake(this, this[WAKE].left);
  },
  reset(this: Woken): void {
    stop(this);
    if (this.active) wake(this, this.time);
  },
};

function arm(clock: ClockLike, delayed: DelayedLike, interval: boolean): void {
  const d = delayed as Woken;
  d[WAKE] = { clock, interval, handle: undefined, due: 0, left: delayed.time, clear: delayed.clear };
  Object.assign(d, wokenMethods);
  d.paused = true;
  wake(d, d.time);
}

/**
 * Makes every clock timer fire from a real timer at its due time. The clock's own tick no longer
 * runs them (they stay `paused` for it): a timer counts from its creation, on Node's monotonic
 * clock, however long ago the clock last ticked and whatever `Date.now()` says. With `faults`, an
 * exception in a timer goes there and ends that timer only.
 */
export function wakeClockOnTimers(clock: ClockLike, faults?: FaultSink): void {
  if (faults) clock[SINK] = faults;
  const setTimeoutFn = clock.setTimeout;
  clock.setTimeout = (cb, ms, ...args) => {
    const d = setTimeoutFn.call(clock, cb, ms, ...args);
    arm(clock, d, false);
    return d;
  };
  const setIntervalFn = clock.setInterval;
  clock.setInterval = (cb, ms, ...args) => {
    const d = setIntervalFn.call(clock, cb, ms, ...args);
    arm(clock, d, true);
    return d;
  };
}

/** Runs the room's clock every `ms` for finer timers (a real-time race), or stops that (null). */
export function fineTick(room: Room, ms: number | null): void {
  if (ms !== null) return room.setSimulationInterval(() => undefined, ms);
  room.setSimulationInterval(undefined);
  // Core 0.18.17 clears the interval but keeps its handle, and the patch loop ticks the clock
  // only while no handle is set: without this the room's clock (every timer) would stop.
  (room as unknown as RoomInternals)._simulationInterval = undefined;
}

/**
 * Call once in `onCreate`, after the state is set and before any timer is armed; `afterPatch`
 * runs after each patch has been written to the clients' sockets. `faults` receives an exception
 * thrown by a timer or by a patch (and its `afterPatch`).
 */
export function patchOnlyOnChange(room: Room, afterPatch?: () => void, faults?: FaultSink): void {
  stopPatchInterval(room);
  wakeClockOnTimers(room.clock as unknown as ClockLike, faults);
  patchOnChange(room, afterPatch);
}
