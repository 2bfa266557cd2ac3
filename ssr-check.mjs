import { chromium } from 'playwright-core';
const base = process.argv[2]; const paths = process.argv.slice(3);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const p of paths) {
  for (const w of [375, 1280]) {
    const page = await b.newPage({ viewport: { width: w, height: 800 } });
    const errs = []; const reqs = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errs.push(m.text().slice(0, 300)); });
    page.on('pageerror', (e) => errs.push('PAGEERROR ' + e.message));
    page.on('request', (r) => { if (r.url().includes('/api/')) reqs.push(r.url().replace(base, '')); });
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const name = p.replace(/\W+/g, '_') + '_' + w;
    await page.screenshot({ path: `/tmp/shot${name}.png` });
    console.log(p, w, 'errors:', JSON.stringify(errs), 'api:', JSON.stringify(reqs));
    await page.close();
  }
}
await b.close();
