import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';
const [url] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...chromiumArgs] });
const r = await lighthouse(url!, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility', 'seo'] });
const lhr = r!.lhr;
console.log('runtimeError', lhr.runtimeError, 'warnings', lhr.runWarnings);
for (const k of ['first-contentful-paint','largest-contentful-paint','total-blocking-time','cumulative-layout-shift','speed-index','largest-contentful-paint-element','lcp-breakdown-insight']) { const a = lhr.audits[k]; console.log(k, a?.displayValue, a?.errorMessage ?? '', a?.numericValue); }
console.log('perf', lhr.categories.performance?.score, 'seo', lhr.categories.seo?.score, 'a11y', lhr.categories.accessibility?.score);
for (const [k,a] of Object.entries(lhr.audits)) if (a.score !== null && a.score < 1 && lhr.categories.seo.auditRefs.some(x=>x.id===k)) console.log('SEO fail', k, a.title);
const el = lhr.audits['largest-contentful-paint-element']?.details as any;
console.log(JSON.stringify(el?.items?.map((i: any) => i.items ?? i)).slice(0, 1200));
const net = lhr.audits['network-requests']?.details as any;
for (const r of net?.items ?? []) console.log(Math.round(r.networkRequestTime), Math.round(r.networkEndTime), r.transferSize, r.priority, r.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 80));
chrome.kill();
