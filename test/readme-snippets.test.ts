/**
 * Every code block of every README, as a reader would paste it (support/readme-snippets.ts says how a
 * block may say otherwise): TypeScript blocks type-check with the packages as built, and run (against
 * the real server in memory at https://flags.example.com, support/snippet-backend.ts) or pass as tests;
 * desired-state YAML and JSON blocks pass the contract's validator.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatProblem, validateDesiredState } from '@flagplane/contract';
import { runProcess } from '@flagplane/test-support/process';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { type Snippet, snippetsOf } from './support/readme-snippets.js';

const repository = fileURLToPath(new URL('..', import.meta.url));
const workDirectory = path.join(repository, 'test', '.readme-snippets');
const backend = fileURLToPath(new URL('./support/snippet-backend.ts', import.meta.url));
const bin = (name: string) => path.join(repository, 'node_modules', '.bin', name);

const readmes = [
  'README.md',
  'server/README.md',
  ...['packages', 'examples'].flatMap((parent) =>
    readdirSync(path.join(repository, parent))
      .map((name) => `${parent}/${name}/README.md`)
      .filter((readme) => existsSync(path.join(repository, readme))),
  ),
];
const snippets = readmes.flatMap((readme) => snippetsOf(repository, readme));
const typescript = snippets.filter((snippet) => snippet.language === 'ts');
const fileOf = new Map(
  typescript.map((snippet, index) => [
    snippet,
    path.join(workDirectory, `snippet-${index}${snippet.mode === 'test' ? '.test' : ''}.ts`),
  ]),
);
/** tsc's errors by file. */
const typeErrors = new Map<string, string[]>();

beforeAll(async () => {
  await rm(workDirectory, { recursive: true, force: true });
  await mkdir(workDirectory, { recursive: true });
  for (const [snippet, file] of fileOf) await writeFile(file, `// ${snippet.where}\n${snippet.program}`);
  await writeFile(
    path.join(workDirectory, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../tsconfig.base.json',
      compilerOptions: { rootDir: '.', noEmit: true, allowImportingTsExtensions: true },
      include: ['*.ts'],
    }),
  );
  const tsc = await runProcess(bin('tsc'), ['-p', '.', '--pretty', 'false'], { cwd: workDirectory });
  for (const line of tsc.stdout.split('\n')) {
    const error = /^(.*?\.ts)\((\d+),\d+\): (error .*)$/.exec(line);
    if (!error) continue;
    const file = path.resolve(workDirectory, error[1] ?? '');
    typeErrors.set(file, [...(typeErrors.get(file) ?? []), `line ${Number(error[2]) - 1}: ${error[3]}`]);
  }
}, 120_000);

const label = (snippet: Snippet) => `${snippet.where} (${snippet.mode})`;

describe('README code blocks', () => {
  it('are found in every README that has them', () => {
    expect(new Set(snippets.map((snippet) => snippet.readme)).size).toBeGreaterThanOrEqual(6);
  });

  it.each(typescript.map((snippet) => [label(snippet), snippet] as const))('%s type-checks', (_, snippet) => {
    const file = fileOf.get(snippet) ?? '';
    expect(typeErrors.get(file) ?? [], snippet.program).toEqual([]);
  });

  const runnable = typescript.filter((snippet) => snippet.mode === 'run');
  it.each(runnable.map((snippet) => [label(snippet), snippet] as const))('%s runs', async (_, snippet) => {
    const run = await runProcess(process.execPath, ['--import', backend, fileOf.get(snippet) ?? ''], {
      cwd: workDirectory,
    });
    expect(run.code, `${snippet.program}\n${run.stdout}\n${run.stderr}`).toBe(0);
  });

  const tests = typescript.filter((snippet) => snippet.mode === 'test');
  it.each(tests.map((snippet) => [label(snippet), snippet] as const))(
    '%s passes as a test',
    async (_, snippet) => {
      const run = await runProcess(
        bin('vitest'),
        ['run', fileOf.get(snippet) ?? '', '--root', workDirectory],
        {
          cwd: workDirectory,
          env: { CI: 'true' },
        },
      );
      expect(run.code, `${snippet.program}\n${run.stdout}\n${run.stderr}`).toBe(0);
    },
  );

  const documents = snippets.filter((snippet) => snippet.language !== 'ts');
  it.each(documents.map((snippet) => [label(snippet), snippet] as const))(
    '%s is a valid desired state',
    (_, snippet) => {
      const document = snippet.language === 'json' ? JSON.parse(snippet.program) : parseYaml(snippet.program);
      expect(validateDesiredState(document).problems?.map(formatProblem) ?? []).toEqual([]);
    },
  );
});
