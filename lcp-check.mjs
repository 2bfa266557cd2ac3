import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await b.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
await page.addInitScript(() => {
  window.__lcp = [];
  document.addEventListener('DOMContentLoaded', () => { window.__img = document.querySelector('img'); window.__h1 = document.querySelector('h1'); });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push({ t: Math.round(e.startTime), size: e.size, tag: e.element?.tagName, txt: (e.element?.textContent || '').slice(0, 40), url: e.url }); }).observe({ type: 'largest-contentful-paint', buffered: true });
});
await page.goto(process.argv[2], { waitUntil: 'networkidle' });
await page.waitForTimeout(1000);
console.log(JSON.stringify(await page.evaluate(() => window.__lcp), null, 1));
const img = await page.evaluate(() => { const i = document.querySelector('main img, img'); return i && { cur: i.currentSrc, w: i.naturalWidth, cw: i.clientWidth, ch: i.clientHeight }; });
console.log(img, await page.evaluate(() => [document.querySelector('img') === window.__img, document.querySelector('h1') === window.__h1, !!window.__img]));
await b.close();
