import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [w, h] of [[412, 823], [1280, 800]]) {
  const ctx = await b.newContext({ viewport: { width: w, height: h }, javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto(process.argv[2], { waitUntil: 'load' });
  await page.screenshot({ path: `/tmp/nojs_${w}.png` });
  await ctx.close();
}
await b.close();
