/** A real game server on a free loopback port: the process the server tests and benchmarks start too. */
import { startServerProcess } from "../../../cluster/server-process.ts";

export interface GameServer {
  /** `http://127.0.0.1:<port>`: serves client/dist at `/` and the rooms. */
  readonly url: string;
  readonly log: () => string;
  /** How the process ended ("exit code 1", "signal SIGSEGV"), or null while it runs. */
  readonly exited: () => string | null;
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL: no drain), keeping a DATA_DIR the caller passed. */
  kill(): Promise<void>;
}

/**
 * Starts the server (bots act after 150 ms, matchmaking unthrottled); `env` adds or overrides variables.
 * A page on a loaded test machine can take over the 1.5 s default to answer the shuffle request
 * (measured: it did, with the machine's other suites running), and the pages check their value is
 * in the log: the deal waits up to 5 s here (every page answers, so no test waits that long).
 */
export async function startServer(env: Record<string, string> = {}): Promise<GameServer> {
  const server = await startServerProcess({
    STORE_AT_START: "1",
    BOT_DELAY_MS: "150",
    MATCHMAKE_RATE_PER_SECOND: "1000",
    MATCHMAKE_BURST: "1000",
    SHUFFLE_WAIT_MS: "5000",
    ...env,
  });
  let ended: string | null = null;
  server.child.once("exit", (code, signal) => {
    ended = signal ? `signal ${signal}` : `exit code ${String(code)}`;
  });
  return {
    url: server.url,
    log: server.output,
    exited: () => ended,
    stop: () => server.stop(),
    async kill() {
      if (ended !== null) return;
      const gone = new Promise((r) => server.child.once("exit", r));
      server.child.kill("SIGKILL");
      await gone;
      await server.stop();
    },
  };
}
