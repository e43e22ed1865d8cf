/**
 * `flagplane-server backup --to <file>`: a backup of `FLAGPLANE_DATA` (backup.ts). When a server uses the
 * data file, that server writes it (backup-socket.ts says why); when none does, this process opens the
 * data file as a server would (taking its lock, so no server starts meanwhile) and writes it itself.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ServerConfig } from '../config.js';
import { openFileStore } from '../store/file/file-store.js';
import { type BackupCounts, BackupError, writeBackup } from './backup.js';
import { backupSocketPath, requestBackup } from './backup-socket.js';

export interface BackupOutcome {
  readonly dataPath: string;
  readonly target: string;
  /** Who wrote it: the server using the data file, or this command on a data file nobody used. */
  readonly writtenBy: 'the running server' | 'this command (no server was running)';
  readonly counts: BackupCounts;
}

export async function backup(config: ServerConfig, to: string): Promise<BackupOutcome> {
  if (config.database !== null) {
    throw new BackupError(
      'FLAGPLANE_DATABASE_URL is set: back up PostgreSQL with pg_dump (server README, Operations)',
    );
  }
  if (config.dataPath === ':memory:') {
    throw new BackupError('FLAGPLANE_DATA is :memory:: there is no data file to back up');
  }
  const dataPath = resolve(config.dataPath);
  const target = resolve(to);
  if (target === dataPath) throw new BackupError('--to names the data file itself; choose a new file');
  const answer = await requestBackup(backupSocketPath(dataPath), target);
  if (answer !== null) {
    if (!answer.ok) throw new BackupError(answer.error);
    return { dataPath, target, writtenBy: 'the running server', counts: answer.counts };
  }
  // Opening a missing data file would create an empty one: refuse instead.
  if (!existsSync(dataPath)) throw new BackupError(`no data file at ${dataPath}`);
  let store: Awaited<ReturnType<typeof openFileStore>>;
  try {
    store = await openFileStore({ path: dataPath });
  } catch (error) {
    // Typically: a server without a backup socket holds the lock (the message says whose it is).
    throw new BackupError(`cannot open ${dataPath}: ${(error as Error).message}`);
  }
  let data: ReturnType<typeof store.snapshot>;
  try {
    data = store.snapshot();
  } finally {
    await store.close();
  }
  const counts = await writeBackup(data, target);
  return { dataPath, target, writtenBy: 'this command (no server was running)', counts };
}
