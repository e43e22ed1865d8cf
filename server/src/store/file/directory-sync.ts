/**
 * fsync of a directory: a created, renamed or removed file is only durable once its directory entry is.
 * Without it a crash can bring back the old data file after a rename, or lose a freshly created journal
 * with every line appended to it.
 */
import { open } from 'node:fs/promises';
import { hasCode } from '../../errno.js';

export async function syncDirectory(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    // Some platforms (Windows) and file systems cannot open or fsync a directory; there the entry is
    // as durable as the platform makes it.
    const unsupported = ['EISDIR', 'EINVAL', 'ENOTSUP', 'EOPNOTSUPP'];
    if (process.platform === 'win32') unsupported.push('EPERM', 'EACCES');
    if (!hasCode(error, ...unsupported)) throw error;
  } finally {
    await handle?.close();
  }
}
