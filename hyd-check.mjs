import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await b.newPage({ viewport: { width: 412, height: 823 } });
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 400)));
await page.addInitScript(() => {
  document.addEventListener('DOMContentLoaded', () => { window.__root = document.getElementById('root').firstElementChild; window.__img = document.querySelector('img'); window.__main = document.querySelector('main'); window.__estado = !!document.getElementById('estado-ssr'); });
});
await page.goto(process.argv[2], { waitUntil: 'networkidle' });
await page.waitForTimeout(1000);
console.log(await page.evaluate(() => ({ estado: window.__estado, root: document.getElementById('root').firstElementChild === window.__root, main: document.querySelector('main') === window.__main, img: document.querySelector('img') === window.__img, imgConnected: window.__img?.isConnected, mainHtml: window.__main?.outerHTML.slice(0, 200) })));
await b.close();
