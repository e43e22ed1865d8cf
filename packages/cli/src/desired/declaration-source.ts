/**
 * §20: what the CLI writes as `managedBy.source` when a document names none of its own: `file:<path>`,
 * the path relative to the top of the git work tree the file is in (so every clone writes the same
 * source), else relative to the directory the command was run from, else (a file outside both) its
 * absolute path; `cdktf:<stack>` for a stack.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { userDirectory } from '../user-directory.js';

export function fileSource(file: string): string {
  const absolute = path.resolve(file);
  const base = workTreeTop(path.dirname(absolute)) ?? userDirectory();
  const relative = path.relative(base, absolute);
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative;
  return `file:${shown.split(path.sep).join('/')}`;
}

/** A synthesized stack's directory is `cdktf.out/stacks/<stack>`. */
export function stackSource(stackDirectory: string): string {
  return `cdktf:${path.basename(stackDirectory)}`;
}

/** The nearest directory at or above `directory` holding `.git` (a directory, or a worktree's file). */
function workTreeTop(directory: string): string | undefined {
  for (let current = directory; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, '.git'))) return current;
    if (path.dirname(current) === current) return undefined;
  }
}
