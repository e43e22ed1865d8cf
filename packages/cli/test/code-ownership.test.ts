/**
 * §19 and §20 from the command line, against a real server: the `managedBy` the CLI writes, drift in a
 * plan attributed to the event that made it, and `flagplane log`.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Event, ManagedBy } from '@flagplane/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';
import { sampleState } from './support/sample-state.js';
import { type RunningTestServer, startTestServer, tokens } from './support/test-server.js';

let server: RunningTestServer;
let directory: string;
let env: Record<string, string>;

beforeEach(async () => {
  server = await startTestServer();
  directory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-ownership-'));
  env = { FLAGPLANE_BASE_URL: server.baseUrl, FLAGPLANE_TOKEN: tokens.owner };
});
afterEach(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

/** The API as another tool (curl, a console) calls it, with its own User-Agent. */
async function api(method: string, route: string, body?: unknown, userAgent = 'curl/8.5.0') {
  const response = await fetch(`${server.baseUrl}/api/v1/orgs/acme${route}`, {
    method,
    headers: {
      authorization: `Bearer ${tokens.owner}`,
      'user-agent': userAgent,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${method} ${route}: ${response.status}`).toBe(true);
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
}

const managedByOf = async (route: string) => (await api('GET', route)).managedBy as ManagedBy | null;

async function writeDocument(relative: string, document: unknown): Promise<string> {
  const file = path.join(directory, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(document, null, 2));
  return file;
}

describe('managedBy written by the CLI (§20)', () => {
  it('names the file relative to the git top-level, with every environment it reconciles; a re-apply writes nothing', async () => {
    execFileSync('git', ['init', '--quiet', directory]);
    const file = await writeDocument('infra/flags/web.json', sampleState());
    // Run from a subdirectory: the source is still relative to the repository root.
    const apply = await runCli(['apply', '-f', 'web.json'], { env, cwd: path.dirname(file) });
    expect(apply.code, apply.stderr).toBe(0);

    const project = await managedByOf('/projects/web');
    expect(project).toMatchObject({ source: 'file:infra/flags/web.json', environments: [] });
    expect(Date.parse(project?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Each flag configures one environment; the other is reconciled too (disabled), so it is listed (§20).
    expect(await managedByOf('/projects/web/flags/new-checkout')).toMatchObject({
      source: 'file:infra/flags/web.json',
      environments: ['development', 'production'],
    });
    expect(await managedByOf('/projects/web/flags/banner-text')).toMatchObject({
      source: 'file:infra/flags/web.json',
      environments: ['development', 'production'],
    });

    server.resetCounts();
    const again = await runCli(['apply', '-f', file, '--json'], { env, cwd: os.tmpdir() });
    expect(again.code).toBe(0);
    expect(server.counts().writes).toBe(0);
  });

  it('names the file relative to the working directory outside a git work tree', async () => {
    const file = await writeDocument('flags.json', sampleState());
    expect((await runCli(['apply', '-f', 'flags.json'], { env, cwd: directory })).code).toBe(0);
    expect((await managedByOf('/projects/web'))?.source).toBe('file:flags.json');
    // The same file from elsewhere: its absolute path, so that no claim reads like another file's.
    const plan = await runCli(['plan', '-f', file, '--json'], { env, cwd: os.homedir() });
    const sources = plan
      .json<{ changes: { changes: { property: string; after: { source: string } }[] }[] }>()
      .changes.flatMap((change) => change.changes.map((property) => property.after.source));
    expect(sources.length).toBeGreaterThan(0);
    expect(new Set(sources)).toEqual(new Set([`file:${file}`]));
  });

  it("lets a document's own source win, and moves ownership when it changes", async () => {
    const file = await writeDocument('flags.json', { ...sampleState(), source: 'github:acme/infra//flags' });
    expect((await runCli(['apply', '-f', file], { env })).code).toBe(0);
    expect((await managedByOf('/projects/web/flags/new-checkout'))?.source).toBe('github:acme/infra//flags');

    await writeDocument('flags.json', { ...sampleState(), source: 'github:acme/platform//flags' });
    const plan = await runCli(['plan', '-f', file], { env });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(
      /managedBy: .*github:acme\/infra\/\/flags.* → .*github:acme\/platform\/\/flags/,
    );
    expect(plan.stdout).not.toMatch(/enabled:|rules:|name:/);
  });

  it('creates an environment before the flags whose managedBy names it', async () => {
    const file = await writeDocument('flags.json', sampleState());
    expect((await runCli(['apply', '-f', file], { env })).code).toBe(0);
    // A new environment with a configuration of an existing flag, and the project renamed (its own step).
    const grown = sampleState();
    const project = grown.projects[0] as NonNullable<(typeof grown.projects)[0]>;
    project.name = 'Web shop (renamed)';
    project.environments.push({ key: 'staging', color: '#f59e0b' });
    const checkout = project.flags?.find((flag) => flag.key === 'new-checkout');
    if (!checkout?.environments) throw new Error('the sample declares new-checkout with environments');
    checkout.environments.staging = { enabled: true };
    await writeDocument('flags.json', grown);
    const apply = await runCli(['apply', '-f', file, '--json'], { env });
    expect(apply.code, apply.stdout).toBe(0);
    expect(apply.json<{ result: { failed: unknown[] } }>().result.failed).toEqual([]);
    expect(await managedByOf('/projects/web/flags/new-checkout')).toMatchObject({
      environments: ['development', 'production', 'staging'],
    });
    server.resetCounts();
    expect((await runCli(['apply', '-f', file], { env })).code).toBe(0);
    expect(server.counts().writes).toBe(0);
  });

  it("lists an environment the file leaves out of a flag, which apply disables, in the project's order", async () => {
    // A flags.yaml as a new team writes it: the flag only in production, development left to the default.
    const file = path.join(directory, 'flags.yaml');
    await writeFile(
      file,
      [
        'organization: acme',
        'projects:',
        '  - key: shop',
        '    environments: [{ key: production, sortOrder: 1 }, { key: development, sortOrder: 0 }]',
        '    flags:',
        '      - key: checkout',
        '        type: Boolean',
        '        environments:',
        '          production: { enabled: true }',
      ].join('\n'),
    );
    const apply = await runCli(['apply', '-f', file], { env, cwd: directory });
    expect(apply.code, apply.stderr).toBe(0);
    expect(await managedByOf('/projects/shop/flags/checkout')).toMatchObject({
      source: 'file:flags.yaml',
      environments: ['development', 'production'],
    });

    // Turned on by hand where the file leaves it out: the next apply reverts it, as the list said it would.
    await api('POST', '/projects/shop/flags/checkout/environments/development/toggle', { enabled: true });
    const plan = await runCli(['plan', '-f', file, '--json'], { env, cwd: directory });
    expect(plan.code).toBe(2);
    expect(plan.json<{ changes: { id: string }[] }>().changes.map((change) => change.id)).toEqual([
      'configuration shop/checkout@development',
    ]);
    expect((await runCli(['apply', '-f', file], { env, cwd: directory })).code).toBe(0);

    server.resetCounts();
    const again = await runCli(['apply', '-f', file], { env, cwd: directory });
    expect(again.code, again.stderr).toBe(0);
    expect(server.counts().writes).toBe(0);
  });

  it('widens a shorter list an older apply wrote, once, and shows it in the plan', async () => {
    const file = await writeDocument('flags.json', sampleState());
    expect((await runCli(['apply', '-f', file], { env, cwd: directory })).code).toBe(0);
    // What the CLI wrote before §20 listed every reconciled environment: only the configured one.
    await api(
      'PUT',
      '/projects/web/flags/new-checkout',
      { managedBy: { source: 'file:flags.json', environments: ['production'] } },
      'flagplane-cli/0.0.9',
    );

    const plan = await runCli(['plan', '-f', file], { env, cwd: directory });
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toMatch(
      /~ flag new-checkout update\n\s+managedBy: file:flags\.json \(production\) → file:flags\.json \(development, production\)/,
    );
    expect(plan.stdout).toContain('Plan: 0 to create, 1 to update, 0 to remove.');

    server.resetCounts();
    expect((await runCli(['apply', '-f', file], { env, cwd: directory })).code).toBe(0);
    expect(server.counts().writes).toBe(1);
    expect(await managedByOf('/projects/web/flags/new-checkout')).toMatchObject({
      environments: ['development', 'production'],
    });
    server.resetCounts();
    expect((await runCli(['apply', '-f', file], { env, cwd: directory })).code).toBe(0);
    expect(server.counts().writes).toBe(0);
  });

  it('refuses a source the API would refuse, before any request', async () => {
    const file = await writeDocument('flags.json', { ...sampleState(), source: 'x'.repeat(501) });
    const plan = await runCli(['plan', '-f', file], { env });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(/source/);
    expect(server.counts().total).toBe(0);
  });
});

describe('drift attribution in flagplane plan (§19)', () => {
  it('says which event last changed each drifted property: who, when, with what client', async () => {
    const file = await writeDocument('flags.json', sampleState());
    expect((await runCli(['apply', '-f', file], { env })).code).toBe(0);
    await api('POST', '/projects/web/flags/new-checkout/environments/production/toggle', { enabled: false });
    await api(
      'PUT',
      '/projects/web/flags/banner-text',
      { name: 'Banner (edited live)', description: 'The banner on the home page', tags: [] },
      'flagplane-console/1.4.0',
    );
    // A later change to another property of the same flag: the name's event is still the one above.
    await api(
      'PUT',
      '/projects/web/flags/banner-text',
      { name: 'Banner (edited live)', description: 'Edited twice', tags: [] },
      'other-tool/2.0',
    );

    const plan = await runCli(['plan', '-f', file], { env });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(
      /enabled: false → true {2}\(changed by owner@acme\.test just now via curl\/8\.5\.0\)/,
    );
    expect(plan.stdout).toMatch(
      /name: "Banner \(edited live\)" → "banner-text" {2}\(changed by owner@acme\.test just now via flagplane-console\/1\.4\.0\)/,
    );
    expect(plan.stdout).toMatch(/description: "Edited twice" → .*\(changed by .* via other-tool\/2\.0\)/);

    const json = await runCli(['plan', '-f', file, '--json'], { env });
    const changes = json.json<{
      changes: { id: string; changes: { property: string; lastChange?: Record<string, unknown> }[] }[];
    }>().changes;
    const enabled = changes
      .find((change) => change.id === 'configuration web/new-checkout@production')
      ?.changes.find((property) => property.property === 'enabled');
    expect(enabled?.lastChange).toMatchObject({
      action: 'toggleFlag',
      client: 'curl/8.5.0',
      actor: { kind: 'User', email: 'owner@acme.test', name: 'Olive Owner' },
    });
    const banner = changes.find((change) => change.id === 'flag web/banner-text')?.changes ?? [];
    expect(banner.find((property) => property.property === 'name')?.lastChange).toMatchObject({
      action: 'updateFlag',
      client: 'flagplane-console/1.4.0',
    });
    expect(banner.find((property) => property.property === 'description')?.lastChange).toMatchObject({
      action: 'updateFlag',
      client: 'other-tool/2.0',
    });
  });

  it('presents the first claim after `flagplane export` as adoption, blaming no one, and still attributes real drift', async () => {
    // A team's first hour: a project and a flag made with curl, then written to a file to manage as code.
    await api('POST', '/projects', { key: 'shop', name: 'Shop' });
    await api('POST', '/projects/shop/flags', { key: 'checkout', type: 'Boolean', name: 'Checkout' });
    await api('POST', '/projects/shop/flags', { key: 'banner', type: 'Boolean' });
    const exported = await runCli(['export', '--org', 'acme', '--project', 'shop', '-o', 'flags.yaml'], {
      env,
      cwd: directory,
    });
    expect(exported.code, exported.stderr).toBe(0);

    const plan = await runCli(['plan', '-f', 'flags.yaml'], { env, cwd: directory });
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain(
      [
        'project shop',
        '  ~ project shop adopt into file:flags.yaml',
        '  ~ flag banner adopt into file:flags.yaml (development, production)',
        '  ~ flag checkout adopt into file:flags.yaml (development, production)',
      ].join('\n'),
    );
    expect(plan.stdout).toContain('Plan: 0 to create, 3 to update (all 3 adoptions), 0 to remove.');
    expect(plan.stdout).not.toMatch(/(changed|released) by|managedBy/);

    // A real change after the export is still drift, attributed; the adoption beside it still blames no one.
    await api(
      'PUT',
      '/projects/shop/flags/checkout',
      { name: 'Checkout (renamed live)' },
      'flagplane-console/1.4.0',
    );
    const drifted = await runCli(['plan', '-f', 'flags.yaml'], { env, cwd: directory });
    expect(drifted.stdout).toContain(
      [
        '  ~ flag checkout update',
        '      name: "Checkout (renamed live)" → "Checkout"  (changed by owner@acme.test just now via flagplane-console/1.4.0)',
        '      adopt into file:flags.yaml (development, production)',
      ].join('\n'),
    );
    expect(drifted.stdout).toContain('Plan: 0 to create, 3 to update (2 of them adoptions), 0 to remove.');
    const json = await runCli(['plan', '-f', 'flags.yaml', '--json'], { env, cwd: directory });
    const checkout = json
      .json<{ changes: { id: string; changes: Record<string, unknown>[] }[] }>()
      .changes.find((change) => change.id === 'flag shop/checkout');
    expect(checkout?.changes).toEqual([
      expect.objectContaining({
        property: 'name',
        lastChange: expect.objectContaining({ action: 'updateFlag' }),
      }),
      expect.objectContaining({ property: 'managedBy', before: null, adoption: true }),
    ]);
    expect(checkout?.changes[1]).not.toHaveProperty('lastChange');

    expect((await runCli(['apply', '-f', 'flags.yaml'], { env, cwd: directory })).code).toBe(0);
    expect((await runCli(['plan', '-f', 'flags.yaml'], { env, cwd: directory })).code).toBe(0);
  });

  it('says who released a resource the file claims again', async () => {
    const file = await writeDocument('flags.json', sampleState());
    expect((await runCli(['apply', '-f', file], { env, cwd: directory })).code).toBe(0);
    await api('PUT', '/projects/web/flags/banner-text', { managedBy: null }, 'flagplane-console/1.4.0');
    const plan = await runCli(['plan', '-f', file], { env, cwd: directory });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(
      /~ flag banner-text adopt into file:flags\.json \(development, production\) {2}\(released by owner@acme\.test just now via flagplane-console\/1\.4\.0\)/,
    );
  });

  it('attributes nothing to the configuration of a flag the plan creates, even if an old flag had its key', async () => {
    const file = await writeDocument('flags.json', sampleState());
    expect((await runCli(['apply', '-f', file], { env })).code).toBe(0);
    await api('DELETE', '/projects/web/flags/banner-text');
    const plan = await runCli(['plan', '-f', file, '--json'], { env });
    expect(plan.code).toBe(2);
    const changes = plan.json<{
      changes: { id: string; changes: { property: string; lastChange?: unknown }[] }[];
    }>().changes;
    const configuration = changes.find((change) => change.id === 'configuration web/banner-text@development');
    expect(configuration?.changes.length).toBeGreaterThan(0);
    for (const property of configuration?.changes ?? []) expect(property.lastChange).toBeUndefined();
  });

  it('attributes nothing from an environment deleted and created again under the same key', async () => {
    const file = await writeDocument('flags.json', sampleState());
    expect((await runCli(['apply', '-f', file], { env })).code).toBe(0);
    await api('DELETE', '/projects/web/environments/development');
    await api('POST', '/projects/web/environments', { key: 'development', color: '#22c55e' });
    const plan = await runCli(['plan', '-f', file, '--json'], { env });
    const changes = plan.json<{
      changes: { id: string; changes: { property: string; lastChange?: unknown }[] }[];
    }>().changes;
    const configuration = changes.find((change) => change.id === 'configuration web/banner-text@development');
    expect(configuration?.changes.map((property) => property.property)).toContain('enabled');
    for (const property of configuration?.changes ?? []) expect(property.lastChange).toBeUndefined();
  });

  it("attributes a variation edited live to that variation's own event", async () => {
    const file = await writeDocument('flags.json', sampleState());
    expect((await runCli(['apply', '-f', file], { env })).code).toBe(0);
    await api(
      'PUT',
      '/projects/web/flags/banner-text/variations/welcome',
      { value: 'Hi again' },
      'console/3.1',
    );
    await api('POST', '/projects/web/flags/banner-text/environments/development/toggle', { enabled: false });
    const plan = await runCli(['plan', '-f', file, '--json'], { env });
    const flag = plan
      .json<{
        changes: { id: string; changes: { property: string; lastChange?: Record<string, unknown> }[] }[];
      }>()
      .changes.find((change) => change.id === 'flag web/banner-text');
    expect(
      flag?.changes.find((property) => property.property === 'variations.welcome')?.lastChange,
    ).toMatchObject({
      action: 'updateVariation',
      client: 'console/3.1',
    });
  });

  it('reads no events with --no-attribution', async () => {
    const file = await writeDocument('flags.json', sampleState());
    expect((await runCli(['apply', '-f', file], { env })).code).toBe(0);
    await api('POST', '/projects/web/flags/new-checkout/environments/production/toggle', { enabled: false });
    server.resetCounts();
    const plan = await runCli(['plan', '-f', file, '--no-attribution'], { env });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(/enabled: false → true\n/);
    const withAttribution = server.counts().total;
    server.resetCounts();
    await runCli(['plan', '-f', file], { env });
    expect(server.counts().total).toBe(withAttribution + 1);
  });
});

/** The server behind a proxy that answers 404 for the event log, as a server from before §19 would. */
async function withoutEventLog(baseUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const proxy = createServer(async (request, response) => {
    if (request.url?.includes('/events')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'not_found', message: 'Route not found' }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const answer = await fetch(`${baseUrl}${request.url}`, {
      method: request.method ?? 'GET',
      headers: request.headers as Record<string, string>,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => proxy.close(() => resolve())),
  };
}

describe('drift attribution without an event log', () => {
  it('still plans, and says why the drift is not attributed', async () => {
    const file = await writeDocument('flags.json', sampleState());
    expect((await runCli(['apply', '-f', file], { env })).code).toBe(0);
    await api('POST', '/projects/web/flags/new-checkout/environments/production/toggle', { enabled: false });
    const proxy = await withoutEventLog(server.baseUrl);
    try {
      const plan = await runCli(['plan', '-f', file], { env: { ...env, FLAGPLANE_BASE_URL: proxy.url } });
      expect(plan.code).toBe(2);
      expect(plan.stdout).toMatch(/enabled: false → true\n/);
      expect(plan.stderr).toMatch(
        /note: drift is not attributed, the events could not be read: .*not found/i,
      );
    } finally {
      await proxy.close();
    }
  });
});

describe('flagplane log (§19)', () => {
  async function appliedAndToggled() {
    const file = await writeDocument('flags.json', sampleState());
    expect((await runCli(['apply', '-f', file], { env })).code).toBe(0);
    await api('POST', '/projects/web/flags/new-checkout/environments/production/toggle', { enabled: false });
  }

  it('prints events newest first with who, what client, and each changed property', async () => {
    await appliedAndToggled();
    const log = await runCli(['log', '--org', 'acme', '--project', 'web', '--flag', 'new-checkout'], { env });
    expect(log.code, log.stderr).toBe(0);
    const first = log.stdout.split('\n\n')[0] ?? '';
    expect(first).toMatch(/toggleFlag {2}configuration web\/new-checkout@production/);
    expect(first).toContain('by owner@acme.test via curl/8.5.0');
    expect(first).toContain('isEnabled: true → false');
    expect(log.stdout).toMatch(
      /createFlag {2}flag web\/new-checkout\n {2}by owner@acme\.test via flagplane-cli\//,
    );
  });

  it('gives the API events as JSON, filtered and limited', async () => {
    await appliedAndToggled();
    const all = (await runCli(['log', '--org', 'acme', '--limit', '1000', '--json'], { env })).json<{
      items: Event[];
    }>().items;
    expect(all.length).toBeGreaterThan(5);
    // Newest first: UUID v7 ids sort by time.
    expect(all.map((event) => event.id)).toEqual([...all.map((event) => event.id)].sort().reverse());
    expect(all[0]).toMatchObject({ action: 'toggleFlag', client: 'curl/8.5.0' });
    for (const event of all.slice(1)) expect(event.client).toMatch(/^flagplane-cli\//);

    const production = (
      await runCli(
        ['log', '--org', 'acme', '--env', 'production', '--resource-kind', 'flagenvironment', '--json'],
        {
          env,
        },
      )
    ).json<{ items: Event[] }>().items;
    expect(production.length).toBeGreaterThan(0);
    for (const event of production) {
      expect(event.environment?.key).toBe('production');
      expect(event.resource.kind).toBe('FlagEnvironment');
    }

    const limited = (await runCli(['log', '--org', 'acme', '--limit', '2', '--json'], { env })).json<{
      items: Event[];
    }>().items;
    expect(limited.map((event) => event.id)).toEqual(all.slice(0, 2).map((event) => event.id));

    const recent = (await runCli(['log', '--org', 'acme', '--since', '10m', '--json'], { env })).json<{
      items: Event[];
    }>().items;
    expect(recent.length).toBe(Math.min(50, all.length));
    const old = await runCli(['log', '--org', 'acme', '--until', '2020-01-01'], { env });
    expect(old.code).toBe(0);
    expect(old.stdout).toBe('');
    expect(old.stderr).toContain('No events match.');
  });

  it.each([
    [['--since', 'yesterday'], /--since "yesterday" is neither a duration/],
    [['--since', '2026-02-31'], /--since "2026-02-31" is neither/],
    [['--until', '2h', '--since', '1h'], /--since .* must be before --until/],
    [['--resource-kind', 'Widget'], /--resource-kind must be one of Project, .*; got "Widget"/],
    [['--limit', '0'], /--limit.*an integer from 1 to 100000/],
  ])('refuses %j with a clear error and no request', async (args, message) => {
    const run = await runCli(['log', '--org', 'acme', ...args], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(server.counts().total).toBe(0);
  });

  it('answers 404 for an organization the token cannot see', async () => {
    const run = await runCli(['log', '--org', 'globex'], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/not found/i);
  });
});
