/**
 * Cold start of `flagplane --version` against `node -e ""`: 20 runs each (after 3 warm-up runs), medians.
 * The budget is 3×. Run after `npm run build`: `node scripts/measure-startup.mjs`.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/flagplane.js', import.meta.url));
const runs = 20;

function milliseconds(args) {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args);
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${run.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

for (let warmUp = 0; warmUp < 3; warmUp++) {
  milliseconds(['-e', '']);
  milliseconds([bundle, '--version']);
}
const node = median(Array.from({ length: runs }, () => milliseconds(['-e', ''])));
const flagplane = median(Array.from({ length: runs }, () => milliseconds([bundle, '--version'])));
console.log(
  JSON.stringify({
    runs,
    nodeEmptyMs: +node.toFixed(1),
    flagplaneVersionMs: +flagplane.toFixed(1),
    ratio: +(flagplane / node).toFixed(2),
  }),
);
