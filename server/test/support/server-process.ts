/** Tests start the same real server process the benchmarks use. */
export * from "../../../cluster/server-process.ts";
