// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
  }
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  interface Instance {
    stop(): void;
  }
  interface Autocannon {
    (options: Options, done: (error: Error | null, result: Result) => void): Instance;
    track(
      instance: Instance,
      options?: { renderProgressBar?: boolean; renderResultsTable?: boolean; renderLatencyTable?: boolean },
    ): void;
  }
  const autocannon: Autocannon;
  export default autocannon;
}
