#!/usr/bin/env node
/**
 * Runs the benchmarks: `node src/run.mjs [--quick] [--only id,id] [--no-build]`.
 * Builds the packages it measures, runs each scenario, prints its tables, and after a full run of every
 * scenario rewrites bench/RESULTS.md. Exits 1 when a target fails or a scenario could not complete.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { buildPackages } from './lib/build-packages.mjs';
import { identityDocument, writeDataFile } from './lib/data-file.mjs';
import { mb } from './lib/format.mjs';
import { makeWorkDir, resultsPath } from './lib/paths.mjs';
import { renderReport, writeReport } from './lib/report.mjs';
import { settings } from './lib/settings.mjs';
import { renderTable } from './lib/table.mjs';
import { scenarios } from './scenarios/index.mjs';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(
    `usage: npm run bench [-- --quick] [-- --only ${scenarios.map((s) => s.id).join(',')}] [-- --no-build]`,
  );
  process.exit(0);
}

const mode = values.quick ? 'quick' : 'full';
const wanted = values.only?.split(',').map((id) => id.trim()) ?? scenarios.map((s) => s.id);
const unknown = wanted.filter((id) => !scenarios.some((s) => s.id === id));
if (unknown.length > 0) {
  console.error(
    `unknown scenario(s): ${unknown.join(', ')}; known: ${scenarios.map((s) => s.id).join(', ')}`,
  );
  process.exit(2);
}
const selected = scenarios.filter((s) => wanted.includes(s.id));
const log = (line) => console.log(line);
const startedAt = new Date();
const started = performance.now();

if (!values['no-build']) {
  log('building the server, SDK, mock, constructs and CLI …');
  buildPackages();
}

const work = await makeWorkDir();
const identityFile = work.file('identities.json');
await writeFile(identityFile, JSON.stringify(identityDocument, null, 2));
const dataFiles = new Map();
/** One throwaway PostgreSQL cluster for the run, started by the first scenario that asks (§22). */
let postgresCluster = null;
let databases = 0;
const ctx = {
  mode,
  settings: settings[mode],
  work,
  identityFile,
  log,
  /** A pristine data file with `flagCount` flags, made once per run; copy it before serving it durably. */
  dataFile(flagCount) {
    if (!dataFiles.has(flagCount)) {
      const path = work.file(`data-${flagCount}.json`);
      dataFiles.set(
        flagCount,
        writeDataFile(path, flagCount).then((bytes) => {
          log(`  generated ${flagCount} flags: ${mb(bytes)}`);
          return path;
        }),
      );
    }
    return dataFiles.get(flagCount);
  },
  /** A new empty database on this run's PostgreSQL cluster; null where PostgreSQL is not installed. */
  async postgresDatabase() {
    // Imported here, after the build above (test-support's dist).
    const { postgresBinaries, startPostgres } = await import('@flagplane/test-support/postgres');
    if (!postgresBinaries) return null;
    postgresCluster ??= startPostgres();
    return (await postgresCluster).createDatabase(`bench_${++databases}`);
  },
};

const results = [];
const errors = [];
try {
  for (const scenario of selected) {
    log(`\n== ${scenario.title} (${mode}) ==`);
    const scenarioStarted = performance.now();
    try {
      const result = await scenario.run(ctx);
      results.push(result);
      for (const table of result.tables) log(`\n${renderTable(table)}`);
      for (const note of result.notes ?? []) log(`- ${note}`);
    } catch (error) {
      console.error(`${scenario.id} failed: ${error.stack ?? error}`);
      errors.push({ title: scenario.title, message: error.message });
    }
    log(`(${scenario.id}: ${Math.round((performance.now() - scenarioStarted) / 1000)} s)`);
  }
} finally {
  if (postgresCluster) await (await postgresCluster).destroy();
  await work.dispose();
}

const elapsedMs = performance.now() - started;
const report = renderReport({ mode, startedAt, elapsedMs, results, errors });
const failed = results.flatMap((r) => r.targets).filter((t) => !t.pass);
log(`\n${'='.repeat(72)}\n${report}`);
if (mode === 'full' && selected.length === scenarios.length) {
  await writeReport(resultsPath, report);
  log(`wrote ${resultsPath}`);
} else {
  log(
    `(${mode === 'quick' ? 'quick run' : 'partial run'}: RESULTS.md left as it is; a full run of every scenario rewrites it)`,
  );
}
log(
  `total: ${Math.round(elapsedMs / 1000)} s; ${failed.length} failing target(s), ${errors.length} scenario error(s)`,
);
process.exitCode = failed.length > 0 || errors.length > 0 ? 1 : 0;
