/** The browser-test kit: `import { useBrowserSuite, clickTarget, waitState, ... } from "./lib/index.ts"`. */
export * from "./browser.ts";
export * from "./devils-scat.ts";
export * from "./lobby.ts";
export * from "./page.ts";
export * from "./server.ts";
export * from "./suite.ts";
