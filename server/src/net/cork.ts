/**
 * One socket write per client per step. A step sends each client its `events` message and then,
 * a microtask later, the patch that shows it (table/patch-flush.ts): two WebSocket frames, each
 * its own `writev` system call. Corking the clients' sockets while the step's messages are sent
 * and uncorking them once the patch is queued sends both frames in one write.
 */
import type { Client } from "@colyseus/core";

interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The TCP socket under a WebSocket client (`ws` keeps it as `_socket`), if any. */
function socketOf(client: Client): Corkable | null {
  const socket = (client as { ref?: { _socket?: Partial<Corkable> } }).ref?._socket;
  return typeof socket?.cork === "function" && typeof socket.uncork === "function" ? (socket as Corkable) : null;
}

/**
 * Corks each client's socket until the microtasks queued so far, and any they queue, have run:
 * the patch flush queued by this step's state changes writes into the corked socket, then one
 * uncork sends everything.
 */
export function corkForStep(clients: Iterable<Client>): void {
  const corked: Corkable[] = [];
  for (const client of clients) {
    const socket = socketOf(client);
    if (!socket) continue;
    socket.cork();
    corked.push(socket);
  }
  if (corked.length === 0) return;
  const uncork = (): void => {
    for (const socket of corked) socket.uncork();
  };
  queueMicrotask(() => queueMicrotask(uncork));
}
