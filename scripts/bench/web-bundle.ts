import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';

/**
 * The JavaScript a browser really downloads to show `/` with its stores: every script response
 * until the network is idle in Chromium (entry, preloads and the chunks loaded on the way), for
 * a shopper who shares their location, gzipped at level 9.
 */
export async function measureHomeJavaScript(
  baseUrl: string,
  location: { latitude: number; longitude: number },
): Promise<{ gzipBytes: number; files: number; stores: number }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({
      geolocation: location,
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body());
    });
    await page.goto(baseUrl);
    // The figure counts only once the stores are on screen (it fails if they never show).
    await page.getByRole('article').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const stores = await page.getByRole('article').count();
    const buffers = await Promise.all(bodies);
    return {
      gzipBytes: buffers.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
      files: buffers.length,
      stores,
    };
  } finally {
    await browser.close();
  }
}
