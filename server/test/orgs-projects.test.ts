import { Project } from '@flagplane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'web', name: 'Web' });
  await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'mobile', name: 'Mobile' });
});
afterAll(() => server.close());

describe('GET /me', () => {
  it('describes a user', async () => {
    const body = (await server.call('owner', 'GET', '/api/v1/me')).json();
    expect(body).toMatchObject({
      type: 'user',
      name: 'Olive Owner',
      email: 'owner@acme.test',
      emailVerified: true,
    });
  });

  it('describes a scoped service token with its projectScope, and omits it for an unrestricted one', async () => {
    const scoped = (await server.call('scopedBot', 'GET', '/api/v1/me')).json();
    expect(scoped).toMatchObject({
      type: 'service_token',
      name: 'deploy-bot',
      role: 'Member',
      projectScope: ['web'],
    });
    expect(scoped).not.toHaveProperty('email');
    const unrestricted = (await server.call('adminBot', 'GET', '/api/v1/me')).json();
    expect(unrestricted).not.toHaveProperty('projectScope');
  });
});

describe('organizations', () => {
  it('lists only the organizations the caller belongs to', async () => {
    const page = (await server.call('owner', 'GET', '/api/v1/orgs')).json();
    expect(page.items.map((org: { slug: string }) => org.slug)).toEqual(['acme']);
    expect(page.next_cursor).toBeNull();
  });

  it('finds an organization by slug or id; another organization is 404 with no hint', async () => {
    const bySlug = (await server.call('owner', 'GET', '/api/v1/orgs/acme')).json();
    const byId = (await server.call('owner', 'GET', `/api/v1/orgs/${bySlug.id}`)).json();
    expect(byId.slug).toBe('acme');
    expect(bySlug._actions.createProject).toEqual({ allowed: true, reason: null });
    const hidden = await server.call('owner', 'GET', '/api/v1/orgs/globex');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).not.toHaveProperty('did_you_mean');
  });

  it('suggests close visible slugs on a 404', async () => {
    const response = await server.call('owner', 'GET', '/api/v1/orgs/acm');
    expect(response.json().did_you_mean).toEqual(['acme']);
  });

  it('tells a viewer it may not create projects, and why', async () => {
    const org = (await server.call('viewer', 'GET', '/api/v1/orgs/acme')).json();
    expect(org._actions.createProject).toEqual({
      allowed: false,
      reason: 'Requires role Member; you have Viewer.',
    });
  });
});

describe('projects (§7)', () => {
  it('creates a project with development and production by default', async () => {
    const response = await server.call('member', 'POST', '/api/v1/orgs/acme/projects', {
      key: 'api',
      description: '',
    });
    expect(response.statusCode).toBe(201);
    const project = Project.parse(response.json());
    expect(project).toMatchObject({ key: 'api', name: 'api', description: null, updatedAt: null });
    const environments = (
      await server.call('member', 'GET', '/api/v1/orgs/acme/projects/api/environments')
    ).json();
    expect(environments.items).toEqual([
      { id: expect.any(String), key: 'development', name: 'development', color: '#22c55e', sortOrder: 0 },
      { id: expect.any(String), key: 'production', name: 'production', color: '#ef4444', sortOrder: 1 },
    ]);
  });

  it('creates the environments the body declares', async () => {
    const response = await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', {
      key: 'svc',
      environments: [{ key: 'staging', color: '#ABCDEF' }, { key: 'live' }],
    });
    expect(response.statusCode).toBe(201);
    const environments = (
      await server.call('owner', 'GET', '/api/v1/orgs/acme/projects/svc/environments')
    ).json();
    expect(
      environments.items.map((environment: { key: string; color: string }) => [
        environment.key,
        environment.color,
      ]),
    ).toEqual([
      ['staging', '#abcdef'],
      ['live', '#6b7280'],
    ]);
  });

  it('refuses duplicate environment keys in one creation and creates nothing', async () => {
    const response = await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', {
      key: 'dupes',
      environments: [{ key: 'a' }, { key: 'a' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(['environments.1.key']);
    expect((await server.call('owner', 'GET', '/api/v1/orgs/acme/projects/dupes')).statusCode).toBe(404);
  });

  it('answers 409 conflict with next_actions for a key already taken', async () => {
    const response = await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'web' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'conflict',
      next_actions: [{ method: 'GET', path: '/api/v1/orgs/acme/projects/web' }],
    });
  });

  it('refuses a key in UUID form', async () => {
    const response = await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', {
      key: '0d7c7e4e-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('key');
  });

  it('updates partially: null keeps, "" clears the description, and updatedAt is set', async () => {
    await server.call('owner', 'PUT', '/api/v1/orgs/acme/projects/web', { description: 'Storefront' });
    await server.call('owner', 'PUT', '/api/v1/orgs/acme/projects/web', { name: null });
    let project = (await server.call('owner', 'GET', '/api/v1/orgs/acme/projects/web')).json();
    expect(project).toMatchObject({ name: 'Web', description: 'Storefront' });
    expect(project.updatedAt).toEqual(expect.any(String));
    await server.call('owner', 'PUT', '/api/v1/orgs/acme/projects/web', { description: '' });
    project = (await server.call('owner', 'GET', '/api/v1/orgs/acme/projects/web')).json();
    expect(project.description).toBeNull();
  });

  it('keeps list rows without updatedAt', async () => {
    const page = (await server.call('owner', 'GET', '/api/v1/orgs/acme/projects')).json();
    expect(page.items.every((project: { updatedAt: unknown }) => project.updatedAt === null)).toBe(true);
    expect(page._actions.create).toEqual({ allowed: true, reason: null });
  });

  it('shows a scoped service token only its projects and refuses it project creation with 403', async () => {
    const page = (await server.call('scopedBot', 'GET', '/api/v1/orgs/acme/projects')).json();
    expect(page.items.map((project: { key: string }) => project.key)).toEqual(['web']);
    expect(page._actions.create.allowed).toBe(false);
    expect((await server.call('scopedBot', 'GET', '/api/v1/orgs/acme/projects/mobile')).statusCode).toBe(404);
    const mobile = (await server.call('owner', 'GET', '/api/v1/orgs/acme/projects/mobile')).json();
    expect(
      (await server.call('scopedBot', 'GET', `/api/v1/orgs/acme/projects/${mobile.id}`)).statusCode,
    ).toBe(404);
    const create = await server.call('scopedBot', 'POST', '/api/v1/orgs/acme/projects', { key: 'sneaky' });
    expect(create.statusCode).toBe(403);
    expect(create.json().error).toBe('forbidden');
  });

  it('lets only an Admin delete a project, and removes everything in it', async () => {
    await server.call('owner', 'POST', '/api/v1/orgs/acme/projects', { key: 'doomed' });
    await server.call('owner', 'POST', '/api/v1/orgs/acme/projects/doomed/flags', {
      key: 'f',
      type: 'Boolean',
    });
    expect((await server.call('member', 'DELETE', '/api/v1/orgs/acme/projects/doomed')).statusCode).toBe(403);
    expect((await server.call('admin', 'DELETE', '/api/v1/orgs/acme/projects/doomed')).statusCode).toBe(204);
    expect((await server.call('owner', 'GET', '/api/v1/orgs/acme/projects/doomed/flags/f')).statusCode).toBe(
      404,
    );
    const leftovers = Object.values(server.app.store.snapshot().environments).filter(
      (environment) => !server.app.store.snapshot().projects[environment.projectId],
    );
    expect(leftovers).toEqual([]);
  });

  it("answers 404 for another organization's project, even by id", async () => {
    const web = (await server.call('owner', 'GET', '/api/v1/orgs/acme/projects/web')).json();
    expect((await server.call('outsider', 'GET', `/api/v1/orgs/acme/projects/${web.id}`)).statusCode).toBe(
      404,
    );
    expect((await server.call('outsider', 'GET', `/api/v1/orgs/globex/projects/${web.id}`)).statusCode).toBe(
      404,
    );
  });
});
