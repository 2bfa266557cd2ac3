import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';

/** One Lighthouse run of one page on one server. Scores are 0–100. */
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  seo: number;
  lcpMs: number;
  cls: number;
  /** Only printed, to tell a slow first paint from a busy main thread. */
  fcpMs: number;
  tbtMs: number;
}

/** A page on a server: the figures of its median run, and every run in the order they ran. */
export interface LighthouseScores extends LighthouseRun {
  path: string;
  runs: LighthouseRun[];
}

/** A server to measure, under the name the results are filed by. */
export interface LighthouseTarget {
  name: string;
  baseUrl: string;
}

/**
 * Runs per page and server. Lighthouse's performance moves by several points between runs on
 * the same page (more on a shared two-core machine); its documentation advises the median of
 * several.
 */
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** Attempts of one run before the page counts as broken. */
const MAX_ATTEMPTS = 3;

const round = (score: number | null | undefined) => Math.round((score ?? 0) * 100);

/**
 * Lighthouse's own mobile run (its default: a mid-range phone, simulated slow 4G and CPU) in
 * Debian's Chromium, `LIGHTHOUSE_RUNS` times for each path on each target, interleaved (for each
 * path: run 1 on every target in turn, then run 2, …) in one browser, so that whatever the machine
 * does meanwhile falls on every target alike. Each target's figures for a path are its run of
 * median performance (Lighthouse's advice: one real run, not a mix of runs).
 * Returns, per target name, one entry per path in the order given.
 */
export async function measureLighthouse(
  targets: LighthouseTarget[],
  paths: string[],
): Promise<Map<string, LighthouseScores[]>> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  const measure = async (url: string, attempt = 1): Promise<LighthouseRun> => {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse no devolvió resultados para ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    // A run Lighthouse could not finish (NO_LCP, a page that did not load in time) scores 0:
    // it measured nothing, so it runs again rather than pull the median down, a few times.
    const lcpAudit = audits['largest-contentful-paint'];
    if (runtimeError || categories.performance?.score == null || lcpAudit?.numericValue == null) {
      const reason = runtimeError
        ? `${runtimeError.code}: ${runtimeError.message}`
        : (lcpAudit?.errorMessage ?? 'sin puntaje de rendimiento');
      if (attempt < MAX_ATTEMPTS) {
        console.log(`  ${url}: Lighthouse no terminó la corrida (${reason}); se repite`);
        return measure(url, attempt + 1);
      }
      // The page itself is broken: its run stays, over every budget, and the bench goes on.
      console.log(`  ${url}: Lighthouse falló ${attempt} veces (${reason})`);
    }
    return {
      performance: round(categories.performance?.score),
      accessibility: round(categories.accessibility?.score),
      seo: round(categories.seo?.score),
      lcpMs: lcpAudit?.numericValue ?? Number.NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      fcpMs: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    };
  };
  try {
    const first = targets[0];
    // The browser's first page load is slower than the rest: it is nobody's figure.
    if (first && paths[0]) await measure(`${first.baseUrl}${paths[0]}`);
    const results = new Map<string, LighthouseScores[]>(targets.map((t) => [t.name, []]));
    for (const path of paths) {
      const runs = new Map<string, LighthouseRun[]>(targets.map((t) => [t.name, []]));
      for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
        for (const target of targets) {
          const result = await measure(`${target.baseUrl}${path}`);
          runs.get(target.name)?.push(result);
          console.log(
            `  ${path} ${target.name} (corrida ${run}): rendimiento ${result.performance}, accesibilidad ${result.accessibility}, SEO ${result.seo}, LCP ${(result.lcpMs / 1000).toFixed(2)} s, CLS ${result.cls.toFixed(3)} (FCP ${(result.fcpMs / 1000).toFixed(2)} s, TBT ${result.tbtMs.toFixed(0)} ms)`,
          );
        }
      }
      for (const target of targets) {
        const targetRuns = runs.get(target.name) ?? [];
        const sorted = [...targetRuns].sort((a, b) => a.performance - b.performance);
        const median = sorted[Math.floor(sorted.length / 2)];
        if (!median) throw new Error(`Sin corridas de Lighthouse para ${path}`);
        results.get(target.name)?.push({ ...median, path, runs: targetRuns });
      }
    }
    return results;
  } finally {
    chrome.kill();
  }
}
