/** The generic test kit: scenario helpers and the property harness, shared by every game. */
export * from "./scenario.ts";
export * from "./multiset.ts";
export * from "./property-spec.ts";
export * from "./property-checks.ts";
export * from "./property.ts";
