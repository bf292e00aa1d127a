/**
 * `npm run bench`: speed figures, printed as a table per section and, on the last line, one JSON
 * object with every figure (`contact.p50_ms`, …). Measured, never asserted.
 */
import { benchBundles } from './bundles.js';
import { benchBurst } from './burst.js';
import { benchContactLatency } from './contact-latency.js';

type BenchSection = () => Promise<Record<string, number>>;

const sections: Record<string, BenchSection> = {
  contact: benchContactLatency,
  bundles: benchBundles,
  burst: benchBurst,
};

const figures: Record<string, number> = {};
for (const [name, run] of Object.entries(sections)) {
  const result = await run();
  console.error(`\n${name}`);
  for (const [key, value] of Object.entries(result)) {
    console.error(`  ${key.padEnd(40)} ${value}`);
    figures[key] = value;
  }
}
console.log(JSON.stringify(figures));
