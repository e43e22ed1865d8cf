// Adds up the `.test-summary.json` files that the vitest summary reporter (scripts/vitest-summary-reporter.mjs)
// writes in each workspace, prints one line per package and, as its last line,
// `Tests: N passed, N failed` (`, N skipped` when some were skipped).
// Exits 1 when a test failed, when no test passed at all, or when a workspace with a `test` script left no
// summary (its vitest config lacks the reporter, or its tests never ran), ran no test file or was interrupted.
//
//   node scripts/test-summary.mjs          print the summary
//   node scripts/test-summary.mjs --clean  delete every workspace's summary file (start of `npm test`)
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SUMMARY_FILE = '.test-summary.json';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Workspace directories from the root package.json (plain paths and `dir/*` globs), existing ones only. */
function workspaces() {
  const dirs = [];
  for (const pattern of readJson(join(root, 'package.json')).workspaces ?? []) {
    if (pattern.endsWith('/*')) {
      const parent = join(root, pattern.slice(0, -2));
      if (!existsSync(parent)) continue;
      for (const entry of readdirSync(parent, { withFileTypes: true }).sort((a, b) =>
        a.name.localeCompare(b.name),
      )) {
        if (entry.isDirectory()) dirs.push(join(parent, entry.name));
      }
    } else if (!pattern.includes('*')) {
      dirs.push(join(root, pattern));
    } else {
      throw new Error(`test-summary: unsupported workspace pattern ${pattern}`);
    }
  }
  return dirs.filter((dir) => existsSync(join(dir, 'package.json')));
}

if (process.argv.includes('--clean')) {
  for (const dir of workspaces()) rmSync(join(dir, SUMMARY_FILE), { force: true });
  process.exit(0);
}

const total = { passed: 0, failed: 0, skipped: 0, files: 0 };
const problems = [];
for (const dir of workspaces()) {
  const pkg = readJson(join(dir, 'package.json'));
  const name = `${pkg.name ?? relative(root, dir)} (${relative(root, dir)})`;
  const file = join(dir, SUMMARY_FILE);
  if (!existsSync(file)) {
    if (pkg.scripts?.test) {
      problems.push(name);
      console.log(
        `  ${name}: no ${SUMMARY_FILE} (add \`reporters\` from scripts/vitest-base.mjs to its vitest config)`,
      );
    }
    continue;
  }
  const s = readJson(file);
  for (const key of Object.keys(total)) total[key] += Number(s[key] ?? 0);
  if (!s.files || s.reason === 'interrupted') problems.push(name);
  const extra = [
    s.files ? '' : 'no test file ran',
    s.reason === 'interrupted' ? 'run interrupted' : '',
    s.failedFiles ? `${s.failedFiles} file(s) failed to run` : '',
    s.unhandledErrors ? `${s.unhandledErrors} unhandled error(s)` : '',
    s.unfinishedTests ? `${s.unfinishedTests} unfinished` : '',
  ].filter(Boolean);
  console.log(
    `  ${name}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped in ${s.files} file(s)` +
      (extra.length ? ` (${extra.join(', ')})` : ''),
  );
}

if (problems.length) console.log(`test-summary: problems in ${problems.join(', ')}`);
if (total.passed === 0) console.log('test-summary: no test passed (did any test run?)');
const skipped = total.skipped ? `, ${total.skipped} skipped` : '';
console.log(`Tests: ${total.passed} passed, ${total.failed} failed${skipped}`);
process.exit(total.failed > 0 || total.passed === 0 || problems.length > 0 ? 1 : 0);
