/**
 * Black-box checks of a flag's `temporary` against docs/api/decisions.md §8: false unless a creation
 * body says otherwise, in the detail and both list views, changed by a partial `PUT` (omitted or null
 * keeps it), a change like any other in the event log, and a `PUT` that asks for what the flag already
 * is writes nothing. Runs on the memory store and again on PostgreSQL (vitest.config.ts).
 */
import { describe, expect, it } from 'vitest';
import type { FlagRecord } from '../src/store/records.js';
import { createFlag, expectValidation, getFlag, type Json, useWebProject } from './spec-helpers.js';

const server = useWebProject();
const project = '/api/v1/orgs/acme/projects/web';

const put = (key: string, body: Json) => server.call('member', 'PUT', `${project}/flags/${key}`, body);
const listed = async (key: string, view: 'summary' | 'full') =>
  (await server.call('viewer', 'GET', `${project}/flags?search=${key}&view=${view}`)).json().items[0] as Json;
const newestEvent = async (key: string) =>
  (await server.call('viewer', 'GET', `/api/v1/orgs/acme/events?flag=${key}&limit=1`)).json()
    .items[0] as Json;

describe('temporary on flags', () => {
  it('is false unless the creation body says true (null is the default), in the detail and both list views', async () => {
    expect((await createFlag(server, { key: 'kept', type: 'Boolean' })).temporary).toBe(false);
    expect((await createFlag(server, { key: 'null-kept', type: 'Boolean', temporary: null })).temporary).toBe(
      false,
    );
    const release = await createFlag(server, { key: 'release', type: 'Boolean', temporary: true });
    expect(release.temporary).toBe(true);
    expect((await getFlag(server, 'release')).temporary).toBe(true);
    expect((await listed('release', 'summary')).temporary).toBe(true);
    expect((await listed('release', 'full')).temporary).toBe(true);
    expect((await listed('kept', 'summary')).temporary).toBe(false);
    expect((await listed('kept', 'full')).temporary).toBe(false);
  });

  it('is recorded in the creation event like any other property', async () => {
    const created = await newestEvent('release');
    expect(created.action).toBe('createFlag');
    expect(created.changes).toContainEqual({ path: 'temporary', after: true });
  });

  it('is changed by PUT, kept when omitted or null, and the event says before and after', async () => {
    expect((await put('kept', { temporary: true })).statusCode).toBe(204);
    expect((await getFlag(server, 'kept')).temporary).toBe(true);
    const changed = await newestEvent('kept');
    expect(changed.action).toBe('updateFlag');
    expect(changed.changes).toEqual([{ path: 'temporary', before: false, after: true }]);

    expect((await put('kept', { name: 'Kept' })).statusCode).toBe(204);
    expect((await put('kept', { temporary: null })).statusCode).toBe(204);
    expect((await getFlag(server, 'kept')).temporary).toBe(true);

    expect((await put('kept', { temporary: false })).statusCode).toBe(204);
    expect((await getFlag(server, 'kept')).temporary).toBe(false);
    expect((await newestEvent('kept')).changes).toEqual([{ path: 'temporary', before: true, after: false }]);
  });

  it('writes nothing when a PUT asks for the value the flag has', async () => {
    const before = await getFlag(server, 'release');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await put('release', { temporary: true })).statusCode).toBe(204);
    expect((await getFlag(server, 'release')).updatedAt).toBe(before.updatedAt);
    expect((await newestEvent('release')).changes).toEqual([]);
  });

  it('reads as false on a flag stored before the property existed, and a PUT of false leaves it as stored', async () => {
    const flag = await createFlag(server, { key: 'older', type: 'Boolean' });
    await server.app.store.write((tx) => {
      const { temporary: _absentBefore, ...stored } = tx.get('flags', flag.id) as FlagRecord;
      tx.put('flags', stored);
    });
    expect((await getFlag(server, 'older')).temporary).toBe(false);
    expect((await listed('older', 'full')).temporary).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await put('older', { temporary: false })).statusCode).toBe(204);
    const after = await getFlag(server, 'older');
    expect(after.updatedAt).toBe(flag.updatedAt);
    expect('temporary' in (server.app.store.snapshot().flags[flag.id] as FlagRecord)).toBe(false);
    expect((await put('older', { temporary: true })).statusCode).toBe(204);
    expect((await getFlag(server, 'older')).temporary).toBe(true);
  });

  it('refuses a value that is not a boolean, on creation and on PUT, changing nothing', async () => {
    expectValidation(
      await server.call('member', 'POST', `${project}/flags`, {
        key: 'bad',
        type: 'Boolean',
        temporary: 'yes',
      }),
      'temporary',
    );
    expect((await server.call('member', 'GET', `${project}/flags/bad`)).statusCode).toBe(404);
    expectValidation(await put('release', { temporary: 1, name: 'Changed' }), 'temporary');
    const release = await getFlag(server, 'release');
    expect(release).toMatchObject({ temporary: true, name: 'release' });
  });
});
