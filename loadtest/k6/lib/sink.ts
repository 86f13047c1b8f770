/** Where measurements go (k6 metrics, or the swarm's arrays). */
export interface Sink {
  trend(name: string, value: number): void;
  /** `tags`: k6 tags (the swarm counts `name{key=value}`), e.g. a refused join's reason. */
  count(name: string, n?: number, tags?: Record<string, string>): void;
  rate(name: string, ok: boolean): void;
}
