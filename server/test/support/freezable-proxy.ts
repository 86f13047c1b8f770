/**
 * A TCP proxy between one server process and Redis that a test can freeze: while frozen it
 * forwards nothing either way and closes nothing (the sockets stay open, as through a network
 * cut that drops packets), and on thaw it delivers what waited, in order. No library does
 * exactly this (pause both directions without closing); it is a few lines of `node:net`.
 */
import { createServer, connect, type Server, type Socket } from "node:net";

export interface FreezableProxy {
  readonly url: string;
  readonly port: number;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startFreezableProxy(targetPort: number): Promise<FreezableProxy> {
  let frozen = false;
  const pairs = new Set<[Socket, Socket]>();
  const pipe = (from: Socket, to: Socket) => {
    from.on("data", (d: Buffer) => {
      to.write(d);
    });
    from.on("close", () => to.destroy());
    from.on("error", () => to.destroy());
  };
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    if (frozen) {
      client.pause();
      upstream.pause();
    }
    pipe(client, upstream);
    pipe(upstream, client);
    client.on("close", () => pairs.delete(pair));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    // A paused socket reads nothing more: what was sent waits in the kernel's buffers, as unacknowledged data does on a cut link.
    freeze() {
      frozen = true;
      for (const [a, b] of pairs) {
        a.pause();
        b.pause();
      }
    },
    thaw() {
      frozen = false;
      for (const [a, b] of pairs) {
        a.resume();
        b.resume();
      }
    },
    async close() {
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
