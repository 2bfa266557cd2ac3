import { measureLighthouse } from './scripts/bench/lighthouse';
const [base, ...paths] = process.argv.slice(2);
const r = await measureLighthouse(base!, paths);
for (const x of r) console.log(x.path, x.performance, x.performanceRuns.join('/'), x.accessibility, Math.round(x.lcpMs));
