import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  /** Performance of every run, in the order they ran; the figures above are the median run's. */
  performanceRuns: number[];
}

/**
 * Runs per page. Lighthouse's performance moves by several points between runs on the same
 * page (more on a shared two-core machine); its documentation advises the median of several.
 */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/**
 * Lighthouse's own mobile run (its default: a mid-range phone, simulated slow 4G and CPU) in
 * Debian's Chromium, `RUNS` times for each path, one after the other in one browser, reported
 * by the run of median performance. Scores are 0–100.
 */
export async function measureLighthouse(
  baseUrl: string,
  paths: string[],
): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    const scores: LighthouseScores[] = [];
    for (const path of paths) {
      const runs: Omit<LighthouseScores, 'performanceRuns'>[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (!result) throw new Error(`Lighthouse no devolvió resultados para ${path}`);
        const { categories, audits } = result.lhr;
        runs.push({
          path,
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        });
      }
      const sorted = [...runs].sort((a, b) => a.performance - b.performance);
      const median = sorted[Math.floor(sorted.length / 2)];
      if (!median) throw new Error(`Sin corridas de Lighthouse para ${path}`);
      scores.push({ ...median, performanceRuns: runs.map((run) => run.performance) });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
