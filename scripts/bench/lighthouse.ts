import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
}

/**
 * Lighthouse's own mobile run (its default: a mid-range phone, simulated slow 4G and CPU) in
 * Debian's Chromium, for each path, one after the other in one browser. Scores are 0–100.
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
      const result = await lighthouse(`${baseUrl}${path}`, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`Lighthouse no devolvió resultados para ${path}`);
      const { categories, audits } = result.lhr;
      scores.push({
        path,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
