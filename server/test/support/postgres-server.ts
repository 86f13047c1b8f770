/** Tests start the same throwaway PostgreSQL server the benchmarks use. */
export * from "../../../loadtest/src/postgres-server.ts";
