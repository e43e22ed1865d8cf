/**
 * Every code block of every README, as a reader would paste it (support/readme-snippets.ts says how a
 * block may say otherwise): TypeScript blocks type-check with the packages as built, and run (against
 * what `npm start` gives a newcomer: a fresh server at http://127.0.0.1:4000, in memory,
 * support/snippet-backend.ts) or pass as tests; desired-state YAML and JSON blocks pass the contract's
 * validator; shell blocks that talk to the server run in bash against a real fresh server.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatProblem, validateDesiredState } from '@flagplane/contract';
import { createFlagplaneMock } from '@flagplane/mock';
import { runProcess } from '@flagplane/test-support/process';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  type FreshServer,
  freshServerSeed,
  npmStartAddress,
  startFreshServer,
} from './support/fresh-server.js';
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

  const documents = snippets.filter((snippet) => snippet.language === 'yaml' || snippet.language === 'json');
  it.each(documents.map((snippet) => [label(snippet), snippet] as const))(
    '%s is a valid desired state',
    (_, snippet) => {
      const document = snippet.language === 'json' ? JSON.parse(snippet.program) : parseYaml(snippet.program);
      expect(validateDesiredState(document).problems?.map(formatProblem) ?? []).toEqual([]);
    },
  );
});

/**
 * A README's `fresh-server` shell blocks as one terminal session: filled in as a reader fills them in (the
 * token their server printed; the port, since 4000 may be taken here), every command reported when it
 * fails. `flagplane plan` exits 2 when it plans changes, which is what it is for.
 */
function session(blocks: readonly Snippet[], fresh: FreshServer): string {
  const pasted = blocks
    .map((block) =>
      block.program.replaceAll(npmStartAddress, fresh.server.baseUrl).replaceAll('fp_pat_…', fresh.token),
    )
    .join('\n');
  const report = [
    'code=$?',
    'case "$BASH_COMMAND" in *"flagplane plan"*) [ "$code" -eq 2 ] && exit_ok=1 ;; esac',
    '[ -z "$exit_ok" ] && echo "README command failed (exit $code): $BASH_COMMAND" >&2',
    'exit_ok=',
  ].join('; ');
  return `trap '${report}' ERR\n${pasted}\n`;
}

const shellReadmes = [
  ...new Set(snippets.filter((snippet) => snippet.language === 'sh').map((s) => s.readme)),
];

describe('README shell blocks, as pasted, against a fresh server', () => {
  it('are found where a newcomer needs them', () => {
    expect(shellReadmes).toEqual(expect.arrayContaining(['packages/cli/README.md', 'server/README.md']));
  });

  it('start like the in-memory server the TypeScript blocks run against (support/fresh-server-seed.json)', async () => {
    const directory = path.join(workDirectory, 'first-start');
    await mkdir(directory, { recursive: true });
    const fresh = await startFreshServer(directory);
    try {
      const mock = await createFlagplaneMock({ baseUrl: npmStartAddress, seed: freshServerSeed });
      /** What a newcomer sees first: who they are, their organizations, the projects of `default`. */
      const firstLook = async (send: typeof fetch, baseUrl: string, token: string) => {
        const read = async (route: string) =>
          (await (
            await send(`${baseUrl}/api/v1${route}`, { headers: { authorization: `Bearer ${token}` } })
          ).json()) as Record<string, unknown>;
        const me = await read('/me');
        const orgs = (await read('/orgs')).items as Record<string, unknown>[];
        return {
          me: { type: me.type, email: me.email, name: me.name },
          orgs: orgs.map(({ slug, name, plan, role }) => ({ slug, name, plan, role })),
          projects: (await read('/orgs/default/projects')).items,
        };
      };
      const real = await firstLook(fetch, fresh.server.baseUrl, fresh.token);
      expect(real).toMatchObject({ orgs: [{ slug: 'default' }], projects: [] });
      expect(await firstLook(mock.fetch, npmStartAddress, mock.tokens.Administrator ?? '')).toEqual(real);
    } finally {
      await fresh.server.stop();
    }
  });

  it.each(shellReadmes)('%s', async (readme) => {
    const name = readme.replace(/[^A-Za-z0-9]+/g, '-');
    const [serverDirectory, work] = [
      path.join(workDirectory, `${name}-server`),
      path.join(workDirectory, name),
    ];
    await mkdir(serverDirectory, { recursive: true });
    await mkdir(work, { recursive: true });
    const ofReadme = snippets.filter((snippet) => snippet.readme === readme);
    for (const snippet of ofReadme) {
      if (snippet.file) await writeFile(path.join(work, snippet.file), snippet.program);
    }
    const fresh = await startFreshServer(serverDirectory);
    try {
      const run = await runProcess(
        'bash',
        [
          '-c',
          session(
            ofReadme.filter((s) => s.language === 'sh'),
            fresh,
          ),
        ],
        {
          cwd: work,
          env: {
            // Nothing of this test's own: only what the blocks set. npx never downloads (offline).
            FLAGPLANE_BASE_URL: undefined,
            FLAGPLANE_TOKEN: undefined,
            npm_config_offline: 'true',
            NPM_CONFIG_UPDATE_NOTIFIER: 'false',
          },
        },
      );
      const where = `${readme}\n${run.stdout}\n${run.stderr}`;
      expect(run.stderr, where).not.toContain('README command failed');
      expect(run.code, where).toBe(0);
      // curl prints an error answer and exits 0: the API's error bodies all carry docs_url.
      expect(run.stdout, where).not.toMatch(/"docs_url"\s*:/);
    } finally {
      await fresh.server.stop();
    }
  });
});
