/** Stands in for the `ws` package in k6 bundles: the SDK uses the global WebSocket from shims.ts. */
export default globalThis.WebSocket;
