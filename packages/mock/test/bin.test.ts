/** `flagplane-mock --port … --seed …` as a real process: it listens, prints the tokens, and answers. */
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

it('serves the seeded mock on the given port until stopped', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'flagplane-mock-bin-'));
  const seedFile = join(directory, 'seed.json');
  await writeFile(
    seedFile,
    JSON.stringify({ organizations: [{ slug: 'globex' }], users: [{ name: 'gus' }] }),
  );
  const child = spawn(process.execPath, [bin, '--port', '0', '--seed', seedFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 10_000;
  while (!/token gus: \S+/.test(output) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const baseUrl = /listening on (\S+)/.exec(output)?.[1];
  const token = /token gus: (\S+)/.exec(output)?.[1];
  expect(baseUrl, output).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const response = await fetch(`${baseUrl}/api/v1/orgs`, { headers: { authorization: `Bearer ${token}` } });
  const page = (await response.json()) as { items: { slug: string }[] };
  expect(page.items.map((org) => org.slug)).toEqual(['globex']);
  child.kill('SIGTERM');
  expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
});

it('refuses a bad port with a clear message', async () => {
  const child = spawn(process.execPath, [bin, '--port', 'nope'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
  expect(errors).toContain('--port');
});
