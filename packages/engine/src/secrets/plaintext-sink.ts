/**
 * Where SDK-key plaintexts go: the declared file, written once with mode 0600 (temporary file in the same
 * folder, then rename, so a reader never sees half a key), and stdout only when the user asked for it
 * with `--show-sdk-keys`. Never to logs or progress.
 */
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { SecretSink } from '../plan/plan.js';

export interface RevealedKey {
  readonly resource: string;
  readonly plaintext: string;
}

export class PlaintextSink implements SecretSink {
  /** Keys to print at the end (only with `--show-sdk-keys`). */
  readonly revealed: RevealedKey[] = [];
  /** Created keys whose plaintext was kept nowhere (no file declared, not shown). */
  readonly discarded: string[] = [];

  constructor(private readonly reveal: boolean) {}

  /** Proves the file can be written before the key exists: a key whose plaintext cannot be kept is useless. */
  async prepare(file: string | undefined): Promise<void> {
    if (file === undefined) return;
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const probe = `${file}.${process.pid}.probe`;
    const handle = await open(probe, 'w', 0o600);
    await handle.close();
    await rm(probe, { force: true });
  }

  async deliver({
    resource,
    file,
    plaintext,
  }: {
    resource: string;
    file: string | undefined;
    plaintext: string;
  }): Promise<void> {
    if (this.reveal) this.revealed.push({ resource, plaintext });
    if (file === undefined) {
      if (!this.reveal) this.discarded.push(resource);
      return;
    }
    const temporary = `${file}.${process.pid}.tmp`;
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(`${plaintext}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  }
}
