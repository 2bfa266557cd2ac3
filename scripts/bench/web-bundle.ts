import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';

/**
 * The JavaScript a browser really downloads to show `/`: every script response while the page
 * loads in Chromium (entry, preloads and any chunk loaded on the way), gzipped at level 9.
 */
export async function measureHomeJavaScript(
  baseUrl: string,
): Promise<{ gzipBytes: number; files: number }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() === 'script' || type.includes('javascript')) {
        bodies.push(response.body());
      }
    });
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    const buffers = await Promise.all(bodies);
    return {
      gzipBytes: buffers.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
      files: buffers.length,
    };
  } finally {
    await browser.close();
  }
}
