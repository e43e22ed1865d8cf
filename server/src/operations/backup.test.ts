/**
 * Backups in process (the CLI under load against a real server: test/operations-backup.test.ts): the
 * command without a server, the socket a server answers on, and every refusal.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flagRecord, projectRecord, useDataFile } from '../../test/support/store-fixture.js';
import { readInvocation } from '../command-line.js';
import { readConfig } from '../config.js';
import type { Store } from '../store/store.js';
import { BackupError } from './backup.js';
import { backup } from './backup-command.js';
import { backupSocketPath, requestBackup, serveBackups } from './backup-socket.js';

const files = useDataFile('backup');

async function withFlags(store: Store, count: number): Promise<void> {
  await store.write((tx) => tx.insert('projects', projectRecord('p1', 'o1', 'web')));
  for (let index = 0; index < count; index++) {
    await store.write((tx) => tx.insert('flags', flagRecord(`f${index}`, 'p1', `flag-${index}`)));
  }
}

const silentLog = { info: () => {}, warn: () => {} } as never;
const configFor = (env: Record<string, string>) => readConfig({ FLAGPLANE_DATA: files.path, ...env });

describe('flagplane-server backup without a server', () => {
  it('opens the data file itself and writes a data file that opens with the same state', async () => {
    const store = await files.open();
    await withFlags(store, 5);
    const original = store.snapshot();
    await store.close();

    const target = join(files.directory, 'copies', 'one.json');
    const outcome = await backup(configFor({}), target);
    expect(outcome).toMatchObject({ target, writtenBy: 'this command (no server was running)' });
    expect(outcome.counts.flags).toBe(5);
    expect(existsSync(`${files.path}.lock`), 'the data file is released again').toBe(false);
    expect((await files.open({ at: target })).snapshot()).toEqual(original);
  });

  it('refuses what it cannot back up, in words, touching nothing', async () => {
    const refusal = (env: Record<string, string>, to: string) => backup(configFor(env), to);
    await expect(refusal({}, join(files.directory, 'x.json'))).rejects.toThrow(/^no data file at /);
    await (await files.open()).close();
    await writeFile(join(files.directory, 'taken.json'), 'precious');
    await expect(refusal({}, join(files.directory, 'taken.json'))).rejects.toThrow(
      /taken\.json already exists: a backup never overwrites a file/,
    );
    await expect(refusal({}, files.path)).rejects.toThrow('--to names the data file itself');
    await expect(refusal({ FLAGPLANE_DATABASE_URL: 'postgres://db/flags' }, 'x.json')).rejects.toThrow(
      /pg_dump/,
    );
    await expect(refusal({ FLAGPLANE_DATA: ':memory:' }, 'x.json')).rejects.toThrow(/:memory:/);
    // Held by a server that does not answer on the socket (here: open in this process).
    await files.open();
    const held = refusal({}, join(files.directory, 'y.json'));
    await expect(held).rejects.toThrow(BackupError);
    await expect(held).rejects.toThrow(/cannot open .* already open in this process/);
    expect(existsSync(join(files.directory, 'y.json'))).toBe(false);
  });

  it('takes exactly --to from the command line', () => {
    expect(readInvocation(['backup', '--to', 'b.json'])).toEqual({ action: 'backup', to: 'b.json' });
    expect(readInvocation(['backup', '--to=b.json'])).toEqual({ action: 'backup', to: 'b.json' });
    expect(readInvocation(['backup'])).toMatchObject({ action: 'refuse', message: /backup needs --to/ });
    expect(readInvocation(['backup', '--from', 'a'])).toMatchObject({ message: /unknown argument "--from"/ });
    expect(readInvocation(['backup', '--to', 'a', '--to', 'b'])).toMatchObject({ message: /given twice/ });
  });
});

describe('the backup socket of a running server', () => {
  it('writes the backup the command asks for, one at a time, and refuses a line it cannot read', async () => {
    const store = await files.open();
    await withFlags(store, 3);
    const socketPath = backupSocketPath(files.path);
    expect(socketPath).toBe(`${files.path}.admin.sock`);
    const close = await serveBackups({ socketPath, store, log: silentLog });
    try {
      const targets = [join(files.directory, 'live.json'), join(files.directory, 'other.json')];
      const answers = await Promise.all(targets.map((path) => requestBackup(socketPath, path)));
      const written = answers.findIndex((answer) => answer?.ok);
      const target = targets[written] as string;
      expect(answers[written]).toMatchObject({ ok: true, counts: { flags: 3, projects: 1 } });
      expect(answers[1 - written]).toEqual({
        ok: false,
        error: 'a backup is already being written; try again when it is done',
      });
      expect(existsSync(targets[1 - written] as string)).toBe(false);
      expect((await files.open({ at: target })).snapshot()).toEqual(store.snapshot());
      expect(await requestBackup(socketPath, target)).toMatchObject({ ok: false, error: /already exists/ });

      const raw = await new Promise<string>((resolve) => {
        const socket = createConnection(socketPath, () => socket.write('backup please\n'));
        let text = '';
        socket.on('data', (chunk) => (text += chunk));
        socket.on('close', () => resolve(text));
      });
      expect(JSON.parse(raw)).toEqual({
        ok: false,
        error: 'expected one JSON line {"backupTo": "<absolute path>"}',
      });
    } finally {
      await close();
    }
    expect(existsSync(socketPath)).toBe(false);
    expect(await requestBackup(socketPath, join(files.directory, 'late.json'))).toBeNull();
  });

  it('moves the socket under the temporary directory when the data path is too long for one', () => {
    const long = `/${'d'.repeat(120)}/data.json`;
    expect(backupSocketPath(long)).toMatch(/flagplane-[0-9a-f]{16}\.admin\.sock$/);
    expect(backupSocketPath(long)).toBe(backupSocketPath(long));
  });
});
