/**
 * `npm run bench`: speed figures, printed as a table per section and, on the last line, one JSON
 * object with every figure (`contact.p50_ms`, …). Measured, never asserted. Sections may be named
 * to run only those (`npm run bench -- cold bundles`): the machine may be busy with other work.
 * The figures are also kept in bench/last-figures.json, which `npm run verify` reads.
 */
import { benchBundles } from './bundles.js';
import { benchBurst } from './burst.js';
import { benchColdStart } from './cold-start.js';
import { benchContactLatency } from './contact-latency.js';
import { benchCost } from './cost.js';
import { benchDelivery } from './delivery.js';
import { recordFigures } from './figures-file.js';
import { benchLibraryImports } from './library-imports.js';

type BenchSection = () => Promise<Record<string, number>>;

const sections: Record<string, BenchSection> = {
  contact: benchContactLatency,
  cold: benchColdStart,
  bundles: benchBundles,
  imports: benchLibraryImports,
  burst: benchBurst,
  delivery: benchDelivery,
  cost: benchCost,
};

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in sections));
if (unknown.length > 0) throw new Error(`No bench section ${unknown.join(', ')}; the sections are ${Object.keys(sections).join(', ')}`);

const figures: Record<string, number> = {};
for (const [name, run] of Object.entries(sections)) {
  if (chosen.length > 0 && !chosen.includes(name)) continue;
  const result = await run();
  console.error(`\n${name}`);
  for (const [key, value] of Object.entries(result)) {
    console.error(`  ${key.padEnd(40)} ${value}`);
    figures[key] = value;
  }
}
recordFigures(figures, new Date());
console.log(JSON.stringify(figures));
