export * from "./engine.ts";
export * from "./rng.ts";
export * from "./cards.ts";
export * from "./dark-deck.ts";
export * from "./protocol.ts";
export * from "./piles.ts";
export * from "./recorded-match.ts";
export * from "./ranked/api-types.ts";
