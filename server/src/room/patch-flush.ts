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

interface ClockLike {
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
function patchOnChange(room: Room): void {
  const root = (room as unknown as RoomInternals)._serializer?.encoder?.root;
  if (!root) throw new Error("patchOnChange: the room has no schema state yet");
  const enqueue = root.enqueueChangeTree.bind(root);
  let queued = false;
  const flush = (): void => {
    queued = false;
    room.broadcastPatch();
  };
  root.enqueueChangeTree = (...args: unknown[]) => {
    const r = enqueue(...args);
    if (!queued) {
      queued = true;
      queueMicrotask(flush);
    }
    return r;
  };
}

/**
 * Makes every clock timer fire from a real timer at its due time. The clock's own tick no longer
 * runs them (they stay `paused` for it): a timer counts from its creation, on Node's monotonic
 * clock, however long ago the clock last ticked and whatever `Date.now()` says.
 */
export function wakeClockOnTimers(clock: ClockLike): void {
  const arm = (delayed: DelayedLike, interval: boolean): void => {
    delayed.paused = true;
    let handle: ReturnType<typeof setTimeout> | undefined;
    let due = 0;
    const wake = (ms: number): void => {
      due = performance.now() + ms;
      handle = setTimeout(() => {
        handle = undefined;
        if (!delayed.active) return;
        delayed.execute();
        if (interval && delayed.active && handle === undefined) wake(delayed.time);
      }, ms);
    };
    const stop = (): void => {
      if (handle !== undefined) clearTimeout(handle);
      handle = undefined;
    };
    wake(delayed.time);
    const clear = delayed.clear.bind(delayed);
    let left = delayed.time;
    delayed.clear = () => {
      clear();
      stop();
    };
    delayed.pause = () => {
      if (handle === undefined) return;
      left = Math.max(0, due - performance.now());
      stop();
    };
    delayed.resume = () => {
      if (handle === undefined && delayed.active) wake(left);
    };
    delayed.reset = () => {
      stop();
      if (delayed.active) wake(delayed.time);
    };
  };
  const setTimeoutFn = clock.setTimeout;
  clock.setTimeout = (cb, ms, ...args) => {
    const d = setTimeoutFn.call(clock, cb, ms, ...args);
    arm(d, false);
    return d;
  };
  const setIntervalFn = clock.setInterval;
  clock.setInterval = (cb, ms, ...args) => {
    const d = setIntervalFn.call(clock, cb, ms, ...args);
    arm(d, true);
    return d;
  };
}

/** Call once in `onCreate`, after the state is set and before any timer is armed. */
export function patchOnlyOnChange(room: Room): void {
  stopPatchInterval(room);
  patchOnChange(room);
  wakeClockOnTimers(room.clock as unknown as ClockLike);
}
