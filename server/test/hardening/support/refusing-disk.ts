/**
 * Makes the file store's writes fail for real, as root (where chmod stops nothing): a directory where
 * the store opens a file makes that open fail (EISDIR, EEXIST). Both places the store writes are blocked:
 * the draft of a new data file (`<data>.<pid>.tmp`, renamed over the data file) and the journal
 * (`<data>.journal`, appended to; an existing one is moved aside and put back afterwards).
 */
import { mkdir, readdir, readFile, rename, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Blocks the store's writes to `dataPath`; the answer puts everything back as it was. */
export async function refuseWrites(dataPath: string): Promise<() => Promise<void>> {
  const draft = `${dataPath}.${process.pid}.tmp`;
  const journal = `${dataPath}.journal`;
  const aside = `${journal}.aside`;
  const journalExisted = await stat(journal).then(
    () => true,
    () => false,
  );
  if (journalExisted) await rename(journal, aside);
  await mkdir(draft);
  await mkdir(journal);
  return async () => {
    await rmdir(draft);
    await rmdir(journal);
    if (journalExisted) await rename(aside, journal);
  };
}

/** The bytes of every regular file beside the data file (data, journal, lock), by name. */
export async function filesBeside(dataPath: string): Promise<Map<string, Buffer>> {
  const directory = dirname(dataPath);
  const prefix = basename(dataPath);
  const files = new Map<string, Buffer>();
  for (const name of (await readdir(directory)).sort()) {
    if (!name.startsWith(prefix)) continue;
    const path = join(directory, name);
    if ((await stat(path)).isFile()) files.set(name, await readFile(path));
  }
  return files;
}
