/** Tests start the same throwaway PostgreSQL server the benchmarks use. */
export * from "../../../cluster/postgres-server.ts";
