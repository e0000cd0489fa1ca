/** A bounded closed-loop load generator: `concurrency` workers for at most `seconds` / `maxRequests`. */
export type LoadResult = {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
};

export type LoadOptions = {
  url: string;
  init?: RequestInit;
  concurrency: number;
  seconds: number;
  maxRequests: number;
  expectStatus: number;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;

  async function worker(): Promise<void> {
    while (performance.now() < deadline && issued < options.maxRequests) {
      issued++;
      const t0 = performance.now();
      try {
        const response = await fetch(options.url, options.init);
        await response.arrayBuffer();
        if (response.status !== options.expectStatus) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  }

  await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}
