/**
 * Black-box checks of `managedBy` against docs/api/decisions.md §20: on projects and flags, in their read
 * shapes and list items, set by creation and `PUT` bodies (null releases, omitted keeps), `at` set by the
 * server when it changes, never a reason to refuse a write; bad values are 400 with fields.
 */
import { describe, expect, it } from 'vitest';
import { createFlag, expectValidation, getFlag, type Json, useWebProject } from './spec-helpers.js';

const server = useWebProject();
const project = '/api/v1/orgs/acme/projects/web';
const declared = { source: 'file:flags/web.yaml', environments: ['production', 'development'] };

describe('managedBy on flags', () => {
  it('is null until a source claims the flag, then in the detail and the list items, with `at`', async () => {
    expect((await getFlag(server, 'new-checkout')).managedBy).toBeNull();
    const flag = await createFlag(server, { key: 'declared', type: 'Boolean', managedBy: declared });
    expect(flag.managedBy).toEqual({ ...declared, at: expect.any(String) });
    expect(Date.parse(flag.managedBy.at)).toBeGreaterThan(Date.now() - 60_000);
    const list = (await server.call('viewer', 'GET', `${project}/flags?search=declared`)).json();
    expect(list.items[0].managedBy).toEqual(flag.managedBy);
    const full = (await server.call('viewer', 'GET', `${project}/flags?search=declared&view=full`)).json();
    expect(full.items[0].managedBy).toEqual(flag.managedBy);
  });

  it('keeps `at` when a PUT declares the same, moves it on a change, keeps it when omitted, and null releases', async () => {
    const before = (await getFlag(server, 'declared')).managedBy;
    expect(
      (await server.call('member', 'PUT', `${project}/flags/declared`, { managedBy: declared })).statusCode,
    ).toBe(204);
    expect((await getFlag(server, 'declared')).managedBy).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const moved = { source: 'cdktf:flags', environments: ['production'] };
    expect(
      (await server.call('member', 'PUT', `${project}/flags/declared`, { managedBy: moved })).statusCode,
    ).toBe(204);
    const after = (await getFlag(server, 'declared')).managedBy;
    expect(after).toMatchObject(moved);
    expect(after.at > before.at).toBe(true);
    expect(
      (await server.call('member', 'PUT', `${project}/flags/declared`, { name: 'Declared' })).statusCode,
    ).toBe(204);
    expect((await getFlag(server, 'declared')).managedBy).toEqual(after);
    expect(
      (await server.call('member', 'PUT', `${project}/flags/declared`, { managedBy: null })).statusCode,
    ).toBe(204);
    expect((await getFlag(server, 'declared')).managedBy).toBeNull();
  });

  it('drops a deleted environment from the flags that named it, moving their `at`', async () => {
    await server.call('owner', 'POST', `${project}/environments`, { key: 'qa' });
    const named = await createFlag(server, {
      key: 'qa-named',
      type: 'Boolean',
      managedBy: { source: 'file:flags/web.yaml', environments: ['production', 'qa'] },
    });
    const other = await createFlag(server, {
      key: 'qa-not-named',
      type: 'Boolean',
      managedBy: { source: 'file:flags/web.yaml', environments: ['production'] },
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await server.call('owner', 'DELETE', `${project}/environments/qa`)).statusCode).toBe(204);
    const after = (await getFlag(server, 'qa-named')).managedBy;
    expect(after.environments).toEqual(['production']);
    expect(after.at > named.managedBy.at).toBe(true);
    expect((await getFlag(server, 'qa-not-named')).managedBy).toEqual(other.managedBy);
    // What the server answers can be sent back as it is.
    const echo = { source: after.source, environments: after.environments };
    expect(
      (await server.call('member', 'PUT', `${project}/flags/qa-named`, { managedBy: echo })).statusCode,
    ).toBe(204);
  });

  it('never refuses a write because of it, and the event of such a change says who made it', async () => {
    await server.call('member', 'PUT', `${project}/flags/declared`, { managedBy: declared });
    const toggled = await server.call('viewer', 'GET', `${project}/flags/declared/environments/production`);
    expect(toggled.statusCode).toBe(200);
    expect(
      (
        await server.call('member', 'POST', `${project}/flags/declared/environments/production/toggle`, {
          enabled: true,
        })
      ).statusCode,
    ).toBe(204);
    const [event] = (
      await server.call('viewer', 'GET', '/api/v1/orgs/acme/events?flag=declared&limit=1')
    ).json().items;
    expect(event).toMatchObject({ action: 'toggleFlag', actor: { email: 'member@acme.test' } });
  });

  it('refuses an empty or 501-character source and an unknown environment, with fields', async () => {
    const put = (managedBy: unknown) =>
      server.call('member', 'PUT', `${project}/flags/declared`, { managedBy });
    expectValidation(await put({ source: '', environments: [] }), 'managedBy.source');
    expectValidation(await put({ source: 'x'.repeat(501), environments: [] }), 'managedBy.source');
    expect((await put({ source: 'x'.repeat(500), environments: [] })).statusCode).toBe(204);
    const unknown = await put({ source: 'file:a.yaml', environments: ['production', 'staging'] });
    expectValidation(unknown, 'managedBy.environments.1');
    expect(unknown.json().fields['managedBy.environments.1'][0]).toContain('"staging"');
    expectValidation(await put({ environments: [] }), 'managedBy.source');
    const created = await server.call('member', 'POST', `${project}/flags`, {
      key: 'refused',
      type: 'Boolean',
      managedBy: { source: 'file:a.yaml', environments: ['nowhere'] },
    });
    expectValidation(created, 'managedBy.environments.0');
    expect((await server.call('member', 'GET', `${project}/flags/refused`)).statusCode).toBe(404);
  });
});

describe('managedBy on projects', () => {
  it('is set at creation and by PUT, with no environments of its own', async () => {
    const created = await server.call('member', 'POST', '/api/v1/orgs/acme/projects', {
      key: 'coded',
      managedBy: { source: 'cdktf:platform', environments: [] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().managedBy).toEqual({
      source: 'cdktf:platform',
      environments: [],
      at: expect.any(String),
    });
    const listed = (await server.call('viewer', 'GET', '/api/v1/orgs/acme/projects')).json().items as Json[];
    expect(listed.find((item) => item.key === 'coded')?.managedBy?.source).toBe('cdktf:platform');
    expectValidation(
      await server.call('member', 'PUT', '/api/v1/orgs/acme/projects/coded', {
        managedBy: { source: 'file:x.yaml', environments: ['production'] },
      }),
      'managedBy.environments',
    );
    expect(
      (await server.call('member', 'PUT', '/api/v1/orgs/acme/projects/coded', { managedBy: null }))
        .statusCode,
    ).toBe(204);
    expect(
      (await server.call('viewer', 'GET', '/api/v1/orgs/acme/projects/coded')).json().managedBy,
    ).toBeNull();
  });
});
