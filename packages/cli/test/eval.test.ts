/** `flagplane eval` (§21): through the server's playground, and `--local` on a document with no server. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';
import { sampleState } from './support/sample-state.js';
import { type RunningTestServer, startTestServer, tokens } from './support/test-server.js';

let server: RunningTestServer;
let directory: string;
let env: Record<string, string>;
let file: string;

beforeEach(async () => {
  server = await startTestServer();
  directory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-eval-'));
  env = { FLAGPLANE_BASE_URL: server.baseUrl, FLAGPLANE_TOKEN: tokens.viewer };
  file = path.join(directory, 'flags.json');
  await writeFile(file, JSON.stringify(sampleState(), null, 2));
});
afterEach(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

const dutch = JSON.stringify({ key: 'user-1', attributes: { country: 'NL' } });

describe('flagplane eval', () => {
  it('prints what the server serves a context, and the same with --local from the file', async () => {
    const apply = await runCli(['apply', '-f', file, '--yes'], {
      env: { ...env, FLAGPLANE_TOKEN: tokens.owner },
    });
    expect(apply.code, apply.stderr).toBe(0);
    const remote = await runCli(
      ['eval', '--org', 'acme', '--project', 'web', '--env', 'production', '--context', dutch, '--json'],
      { env },
    );
    expect(remote.code, remote.stderr).toBe(0);
    const items = remote.json<{ items: { flagKey: string; value: unknown; reason: { kind: string } }[] }>()
      .items;
    // user-1 is in the beta-users segment: the first rule serves true.
    expect(items).toEqual([
      expect.objectContaining({ flagKey: 'banner-text', reason: { kind: 'Off' } }),
      expect.objectContaining({
        flagKey: 'new-checkout',
        value: true,
        reason: expect.objectContaining({ kind: 'Rule', ruleIndex: 0 }),
      }),
    ]);
    const local = await runCli(
      ['eval', '--local', '-f', file, '--env', 'production', '--context', dutch, '--json'],
      {
        env: {},
      },
    );
    expect(local.code, local.stderr).toBe(0);
    const localItems = local.json<{ items: typeof items }>().items;
    expect(localItems.map(({ flagKey, value, reason }) => [flagKey, value, reason.kind])).toEqual(
      items.map(({ flagKey, value, reason }) => [flagKey, value, reason.kind]),
    );
  });

  it('names the rule that served by its description, from the server and from the file', async () => {
    const apply = await runCli(['apply', '-f', file, '--yes'], {
      env: { ...env, FLAGPLANE_TOKEN: tokens.owner },
    });
    expect(apply.code, apply.stderr).toBe(0);
    const remote = await runCli(
      ['eval', '--org', 'acme', '--project', 'web', '--env', 'production', '--context', dutch],
      { env },
    );
    expect(remote.code, remote.stderr).toBe(0);
    expect(remote.stdout).toMatch(/new-checkout\s+true\s+true\s+Rule #1: beta first\n/);
    const local = await runCli(['eval', '--local', '-f', file, '--env', 'production', '--context', dutch], {
      env: {},
    });
    expect(local.code, local.stderr).toBe(0);
    expect(local.stdout).toBe(remote.stdout);
  });

  it('prints a table, one flag with --flag, and takes a bare key as the context', async () => {
    const run = await runCli(
      ['eval', '--local', '-f', file, '--env', 'production', '--context', 'user-7', '--flag', 'new-checkout'],
      {
        env: {},
      },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toMatch(/^flag\s+value\s+variation\s+reason$/);
    expect(run.stdout).toMatch(/new-checkout\s+false\s+false\s+Default/);
    expect(run.stdout).not.toContain('banner-text');
  });

  it('evaluates a context without a key; a percentage it needs says TargetingKeyMissing (§23)', async () => {
    const noContext = await runCli(['eval', '--local', '-f', file, '--env', 'production'], { env: {} });
    expect(noContext.code, noContext.stderr).toBe(0);
    // No key: not in the beta list, no country: no rule matches, so the default, and no key was needed.
    expect(noContext.stdout).toMatch(/new-checkout\s+false\s+false\s+Default/);
    const dutchWithoutKey = await runCli(
      [
        'eval',
        '--local',
        '-f',
        file,
        '--env',
        'production',
        '--context',
        JSON.stringify({ attributes: { country: 'NL' } }),
      ],
      { env: {} },
    );
    expect(dutchWithoutKey.code, dutchWithoutKey.stderr).toBe(0);
    // The second rule matches and serves 25 %: that needs the key.
    expect(dutchWithoutKey.stdout).toMatch(/new-checkout\s+null\s+Error \(TargetingKeyMissing\)/);
  });

  it.each([
    [['--context', '{"key":'], /--context is not valid JSON/],
    [['--context', JSON.stringify({ key: 'k'.repeat(257) })], /context\.key: must be at most 256 characters/],
    [['--context', JSON.stringify({ key: 'u', attributes: { a: { b: 1 } } })], /context\.attributes\.a/],
    [['--context', 'u', '--flag', 'nope'], /no flag "nope" in the document/],
    [['--context', 'u', '--env', 'staging'], /declares no environment "staging"/],
  ])('refuses %j with a clear error, before any request', async (args, message) => {
    const withEnv = args.includes('--env') ? args : [...args, '--env', 'production'];
    const run = await runCli(['eval', '--local', '-f', file, ...withEnv], { env: {} });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(message);
  });

  it('names a flag the server does not know, and asks for --org and --project without --local', async () => {
    const apply = await runCli(['apply', '-f', file, '--yes'], {
      env: { ...env, FLAGPLANE_TOKEN: tokens.owner },
    });
    expect(apply.code).toBe(0);
    const typo = await runCli(
      [
        'eval',
        '--org',
        'acme',
        '--project',
        'web',
        '--env',
        'production',
        '--context',
        'u',
        '--flag',
        'new-chekout',
      ],
      { env },
    );
    expect(typo.code).toBe(1);
    expect(typo.stderr).toMatch(/no flag "new-chekout" in project web/);
    const missing = await runCli(['eval', '--env', 'production', '--context', 'u'], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/eval needs --org and --project/);
  });
});
