/**
 * A room's own fields, kept in one plain object. Colyseus redefines a room's `state`,
 * `maxClients`, ... as accessors of the instance, which turns every room into a dictionary-mode
 * object, and a dictionary's table doubles past ~42 properties: our fields on the room itself took
 * it from 64 to 128 slots, 1.5 KB more per table (docs/benchmarks/state.md, "Memory per player"). A
 * field declared with `declare` on the class and listed here is an accessor of the prototype
 * over the holder (one small fast object per table), read and written as before.
 */
export function keepFieldsIn(cls: { prototype: object }, holder: string, names: readonly string[]): void {
  for (const name of names) {
    Object.defineProperty(cls.prototype, name, {
      get(this: Record<string, Record<string, unknown>>): unknown {
        return this[holder]![name];
      },
      set(this: Record<string, Record<string, unknown>>, value: unknown) {
        this[holder]![name] = value;
      },
      configurable: true,
    });
  }
}
