/**
 * The part of autocannon 9's programmatic API the bench uses (the package ships no types and
 * `@types/autocannon` is not a dependency).
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  /** Options of one run. */
  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    /** Requests per second across all connections (a paced run). */
    overallRate?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    title?: string;
    /** Requests each connection makes in turn (instead of `url`'s path alone). */
    requests?: {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      /** Hears each answer: its status, body, the connection's context and its headers. */
      onResponse?: (
        status: number,
        body: string,
        context: unknown,
        headers: Record<string, string>,
      ) => void;
    }[];
  }

  /** Percentiles and moments of one histogram (latency in ms, requests per second, bytes). */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    sent?: number;
    totalCount?: number;
  }

  /** The aggregated result of one run. */
  export interface Result {
    url: string;
    connections: number;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches: number;
    resets: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
  }

  /** A running benchmark: an event emitter that is also a promise of the result. */
  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
  }

  /** Starts a run; without a callback the returned instance resolves with the result. */
  function autocannon(options: Options): Instance;
  export default autocannon;
}
