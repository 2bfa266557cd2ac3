import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';

/**
 * The JavaScript a browser really downloads to show `/` with its stores: the bytes Chromium
 * received for every script response (as the server encoded them, headers aside) until the
 * network is idle (entry, preloads and the chunks loaded on the way), for a shopper who shares
 * their location. Also how each was encoded, to show whether compression took place.
 */
export async function measureHomeJavaScript(
  baseUrl: string,
  location: { latitude: number; longitude: number },
): Promise<{ transferredBytes: number; files: number; stores: number; encodings: string[] }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({
      geolocation: location,
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    const encodings = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      encodings.add(response.headers()['content-encoding'] ?? 'identity');
      sizes.push(
        // Sizes are known once the body has arrived.
        response.finished().then(async () => (await response.request().sizes()).responseBodySize),
      );
    });
    await page.goto(baseUrl);
    // The figure counts only once the stores are on screen (it fails if they never show).
    await page.getByRole('article').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const stores = await page.getByRole('article').count();
    const transferred = await Promise.all(sizes);
    return {
      transferredBytes: transferred.reduce((sum, size) => sum + size, 0),
      files: transferred.length,
      stores,
      encodings: [...encodings].sort(),
    };
  } finally {
    await browser.close();
  }
}
