/** The few k6 APIs the scenarios use (k6 v1.8; k6 ships no npm types and @types/k6 is not a dependency). */
declare const __ENV: Record<string, string | undefined>;
declare const __VU: number;
declare const __ITER: number;

declare module "k6" {
  export function check<T>(value: T, sets: Record<string, (v: T) => boolean>): boolean;
  export function sleep(seconds: number): void;
}
declare module "k6/http" {
  /** An opaque k6 object naming the expected statuses. */
  export interface ResponseCallback {
    readonly __k6ResponseCallback: true;
  }
  export interface Response {
    status: number;
    body: string | ArrayBuffer | null;
    headers: Record<string, string>;
    error: string;
  }
  const http: {
    asyncRequest(
      method: string,
      url: string,
      body?: string | null,
      params?: { headers?: Record<string, string>; tags?: Record<string, string>; timeout?: string },
    ): Promise<Response>;
    get(
      url: string,
      params?: { headers?: Record<string, string>; tags?: Record<string, string>; responseCallback?: ResponseCallback },
    ): Response;
    /** Which statuses count as a successful request (`http_req_failed`). */
    expectedStatuses(...statuses: number[]): ResponseCallback;
  };
  export default http;
}
declare module "k6/websockets" {
  export class WebSocket {
    constructor(url: string, protocols?: string | string[], params?: Record<string, unknown>);
    readonly url: string;
    readonly readyState: number;
    binaryType: "arraybuffer" | "blob" | string;
    onopen: (() => void) | null;
    onclose: (() => void) | null;
    onerror: (() => void) | null;
    onmessage: ((e: { data: ArrayBuffer | string }) => void) | null;
    send(data: ArrayBuffer | string): void;
    close(code?: number, reason?: string): void;
  }
}
declare module "k6/timers" {
  export function setTimeout(fn: () => void, ms?: number): number;
  export function clearTimeout(id: number): void;
  export function setInterval(fn: () => void, ms?: number): number;
  export function clearInterval(id: number): void;
}
declare module "k6/metrics" {
  export class Trend {
    constructor(name: string, isTime?: boolean);
    add(v: number, tags?: Record<string, string>): void;
  }
  export class Counter {
    constructor(name: string);
    add(v: number, tags?: Record<string, string>): void;
  }
  export class Rate {
    constructor(name: string);
    add(v: boolean | number, tags?: Record<string, string>): void;
  }
  export class Gauge {
    constructor(name: string);
    add(v: number, tags?: Record<string, string>): void;
  }
}
declare module "k6/execution" {
  const exec: {
    vu: { idInTest: number; iterationInScenario: number };
    scenario: { name: string; startTime: number; progress: number; iterationInTest: number };
    test: { abort(reason?: string): void };
  };
  export default exec;
}
