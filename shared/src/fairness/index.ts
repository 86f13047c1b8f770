/** Fair play anyone can check (docs/FAIRNESS.md): the seed commitment, the game log, the verifier. */
export * from "./commitment.ts";
export * from "./game-log.ts";
export * from "./verify.ts";
export * from "./replay.ts";
export * from "./entropy.ts";
