/** Tests start the same real server process the benchmarks use. */
export * from "../../../loadtest/src/server-process.ts";
