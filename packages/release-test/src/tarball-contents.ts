/** What `npm pack` would put in a package's tarball, without writing one. */
import { runProcess } from '@flagplane/test-support/process';

export interface PackedFile {
  readonly path: string;
  readonly size: number;
}

export interface PackedContents {
  readonly files: readonly PackedFile[];
  /** The tarball's size (gzipped) and what it unpacks to, in bytes. */
  readonly size: number;
  readonly unpackedSize: number;
}

export async function packedContents(packageDirectory: string): Promise<PackedContents> {
  const result = await runProcess('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: packageDirectory,
  });
  if (result.code !== 0)
    throw new Error(`npm pack --dry-run failed in ${packageDirectory}:\n${result.stderr}`);
  const [packed] = JSON.parse(result.stdout) as PackedContents[];
  if (!packed) throw new Error(`npm pack --dry-run printed nothing in ${packageDirectory}`);
  return packed;
}
