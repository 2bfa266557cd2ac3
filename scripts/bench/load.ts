import { Agent, request } from 'node:http';
import autocannon from 'autocannon';

export interface JsonRequest {
  method: 'GET' | 'POST';
  body?: string;
}

export interface Latencies {
  p50: number;
  p95: number;
  p99: number;
  count: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/**
 * Latency of one request at a time (the embedded database is single-threaded, so this is the
 * server's own time per request), in several rounds after one warm-up; each percentile is the
 * median of the rounds' figures, so one garbage-collection pause or a busy neighbour process
 * moves one round, not the result. Bounded in count and time.
 */
export async function measureLatencyRounds(
  url: string,
  init: JsonRequest,
  { warmup = 50, rounds = 5, count = 120 } = {},
): Promise<Latencies> {
  await measureRound(url, init, { warmup, count: 0, maxMs: 30_000 });
  const results: Latencies[] = [];
  for (let i = 0; i < rounds; i++) {
    results.push(await measureRound(url, init, { warmup: 0, count, maxMs: 30_000 }));
  }
  const median = (values: number[]) =>
    values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  return {
    p50: median(results.map((r) => r.p50)),
    p95: median(results.map((r) => r.p95)),
    p99: median(results.map((r) => r.p99)),
    count: results.reduce((sum, r) => sum + r.count, 0),
  };
}

/** One request over a kept-alive connection; the body is read and dropped, not assembled. */
function timedRequest(agent: Agent, url: URL, init: JsonRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(
      url,
      {
        agent,
        method: init.method,
        headers: init.body ? { 'content-type': 'application/json' } : {},
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${url} respondió ${res.statusCode}`));
          else resolve(performance.now() - t0);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

async function measureRound(
  url: string,
  init: JsonRequest,
  { warmup, count, maxMs }: { warmup: number; count: number; maxMs: number },
): Promise<Latencies> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  const started = Date.now();
  const samples: number[] = [];
  try {
    for (let i = 0; i < warmup + count && Date.now() - started < maxMs; i++) {
      const elapsed = await timedRequest(agent, target, init);
      if (i >= warmup) samples.push(elapsed);
    }
  } finally {
    agent.destroy();
  }
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    count: samples.length,
  };
}

/** Requests per second and p99 latency under load from autocannon (loopback only). */
export async function measureThroughput(
  url: string,
  options: { method?: 'GET' | 'POST'; body?: string; seconds?: number } = {},
) {
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    body: options.body,
    headers: options.body ? { 'content-type': 'application/json' } : undefined,
    connections: 10,
    duration: options.seconds ?? 5,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} respuestas no 2xx, ${result.errors} errores`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}
