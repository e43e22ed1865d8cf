/**
 * A copy of the repository to release from, so the release command can version, build and tag there
 * without touching the working tree the tests run in. It holds the repository's files as they are now
 * (tracked and new, not ignored ones), committed once in a fresh git repository (changesets tags the
 * release), and a node_modules whose entries link to the repository's installed packages, except the
 * workspaces' own links, which point into the copy: an install would take minutes, and the release
 * builds nothing from node_modules but tools and third-party code.
 */
import { cp, lstat, mkdir, readdir, readlink, symlink } from 'node:fs/promises';
import path from 'node:path';
import { runProcess } from '@flagplane/test-support/process';

async function git(cwd: string, args: readonly string[]): Promise<string> {
  const result = await runProcess('git', args, {
    cwd,
    env: {
      GIT_AUTHOR_NAME: 'release test',
      GIT_AUTHOR_EMAIL: 'release-test@localhost',
      GIT_COMMITTER_NAME: 'release test',
      GIT_COMMITTER_EMAIL: 'release-test@localhost',
    },
  });
  if (result.code !== 0) throw new Error(`git ${args.join(' ')} failed in ${cwd}:\n${result.stderr}`);
  return result.stdout;
}

/** The repository's files that a clone with the current changes would have. */
async function filesOf(repository: string): Promise<string[]> {
  const listed = await git(repository, ['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
  const files = [...new Set(listed.split('\0').filter(Boolean))];
  const present = await Promise.all(
    files.map(async (file) => ((await lstat(path.join(repository, file)).catch(() => null)) ? file : null)),
  );
  return present.filter((file): file is string => file !== null);
}

/**
 * node_modules of the copy: each entry a link to the repository's, and in a scope holding workspace links
 * (`@flagplane`), the same relative links, which then resolve inside the copy.
 */
async function linkNodeModules(repository: string, copy: string): Promise<void> {
  const source = path.join(repository, 'node_modules');
  const target = path.join(copy, 'node_modules');
  await mkdir(target, { recursive: true });
  for (const entry of await readdir(source, { withFileTypes: true })) {
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory() && entry.name.startsWith('@')) {
      const scope = await readdir(from, { withFileTypes: true });
      if (scope.some((member) => member.isSymbolicLink())) {
        await mkdir(to);
        for (const member of scope) {
          const memberPath = path.join(from, member.name);
          const link = member.isSymbolicLink() ? await readlink(memberPath) : memberPath;
          await symlink(link, path.join(to, member.name));
        }
        continue;
      }
    }
    await symlink(entry.isSymbolicLink() ? await readlink(from) : from, to);
  }
}

/** Copies the repository into `copy` (which must not exist) and commits it there. */
export async function copyRepository(repository: string, copy: string): Promise<void> {
  const files = await filesOf(repository);
  await mkdir(copy, { recursive: true });
  for (const file of files) {
    await mkdir(path.dirname(path.join(copy, file)), { recursive: true });
    await cp(path.join(repository, file), path.join(copy, file), { verbatimSymlinks: true });
  }
  await linkNodeModules(repository, copy);
  await git(copy, ['init', '--quiet', '--initial-branch=main']);
  await git(copy, ['add', '--all']);
  await git(copy, [
    'commit',
    '--quiet',
    '--no-verify',
    '--message',
    'The repository as the release test found it',
  ]);
}
