/**
 * The directory relative paths on the command line are meant from. `npx flagplane` (npm exec) runs the
 * command in the nearest directory above with a package.json, not where the user typed it: in
 * `examples/infra/cdktf.out/stacks/flags`, `npx flagplane plan --synth .` would read `examples/infra`.
 * npm says where it was typed in `INIT_CWD`. That is the user's directory only when npm moved *up* from
 * it: a process npm did not start (Terraform's provisioners, run in the stack directory by a Terraform
 * that `npx cdktf deploy` started) inherits an `INIT_CWD` above its own directory, and keeps its own.
 */
import path from 'node:path';

export function userDirectory(): string {
  const here = process.cwd();
  const typedIn = process.env.INIT_CWD;
  if (!typedIn || !process.env.npm_command) return here;
  const fromHere = path.relative(here, path.resolve(typedIn));
  const below = fromHere !== '' && !fromHere.startsWith('..') && !path.isAbsolute(fromHere);
  return below ? path.resolve(typedIn) : here;
}

/** A path given on the command line, absolute. */
export function resolveUserPath(given: string): string {
  return path.resolve(userDirectory(), given);
}
