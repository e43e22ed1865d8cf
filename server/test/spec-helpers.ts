/**
 * Helpers shared by the black-box `spec-*.test.ts` files: one server per file seeded with project `web`
 * (see `seedWebProject`), and the few calls and checks those files all make.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Caller, seedWebProject, startTestServer, type TestServer } from './fixtures.js';

// biome-ignore lint/suspicious/noExplicitAny: black-box tests read untyped JSON bodies
export type Json = Record<string, any>;

/** The URL of the project `web` that `useWebProject` seeds. */
const webProject = '/api/v1/orgs/acme/projects/web';

/**
 * Starts a server seeded with project `web` before the file's tests (registered first, so the file's own
 * `beforeAll` hooks run after it) and closes it after them. Returns a stand-in that forwards to that server,
 * so it can be captured at module level and used from hooks and tests.
 */
export function useWebProject(): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer();
    await seedWebProject(started);
  });
  afterAll(() => started?.close());
  const current = () => {
    if (!started) throw new Error('useWebProject: the server starts in beforeAll; use it in hooks and tests');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    call: (...args) => current().call(...args),
    close: () => current().close(),
  };
}

/** Creates a flag as `caller` (a Member by default), expects 201 and returns the created flag. */
export async function createFlag(
  server: TestServer,
  body: Json,
  url = `${webProject}/flags`,
  caller: Caller = 'member',
): Promise<Json> {
  const response = await server.call(caller, 'POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Reads a flag by key or id as a Member, from `web` unless `projectUrl` names another project. */
export async function getFlag(server: TestServer, key: string, projectUrl = webProject): Promise<Json> {
  return (await server.call('member', 'GET', `${projectUrl}/flags/${key}`)).json();
}

/** Expects a 400 `validation_failed`, and with `field`, that field among the invalid ones (exactly). */
export function expectValidation(response: LightMyRequestResponse, field?: string): void {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().error).toBe('validation_failed');
  if (field) expect(Object.keys(response.json().fields ?? {}), response.body).toContain(field);
}

/**
 * In production of project `web` (seedWebProject): new-checkout on, served by a rule (index 0) to Dutch
 * users; banner-text on, serving its default "hello" to everyone. Answers the rule's id.
 */
export async function configureDutchCheckout(server: TestServer): Promise<{ ruleId: string }> {
  const web = '/api/v1/orgs/acme/projects/web';
  const flag = (await server.call('owner', 'GET', `${web}/flags/new-checkout`)).json();
  const on = flag.variations.find((variation: { key: string }) => variation.key === 'true').id;
  await server.call('owner', 'POST', `${web}/flags/new-checkout/environments/production/toggle`, {
    enabled: true,
  });
  await server.call('owner', 'PUT', `${web}/flags/new-checkout/environments/production`, {
    strategy: 'TargetedRollout',
  });
  const rule = await server.call('owner', 'POST', `${web}/flags/new-checkout/environments/production/rules`, {
    variationId: on,
    conditionGroups: [{ conditions: [{ attribute: 'country', operator: 'In', values: ['NL'] }] }],
  });
  expect(rule.statusCode).toBe(201);
  await server.call('owner', 'POST', `${web}/flags/banner-text/environments/production/toggle`, {
    enabled: true,
  });
  return { ruleId: rule.json().id };
}
