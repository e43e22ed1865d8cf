/**
 * The CLI's way of doing what an empty page offers: `flagplane resource ensure` (packages/cli README),
 * as one line to paste in a shell at the repository root. The spec goes in FLAGPLANE_SPEC and the
 * server's address in FLAGPLANE_BASE_URL; the token stays in the person's own FLAGPLANE_TOKEN, never
 * written on a page.
 */
import type { ResourceSpecOf } from '@flagplane/contract';
import { CopyableCommand } from './copyable-command.js';

/** A text inside single quotes for a POSIX shell: a quote in it closes, escapes and reopens. */
const shellQuoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

function ensureCommand(kind: 'project' | 'flag', spec: object): string {
  return [
    `FLAGPLANE_BASE_URL=${location.origin}`,
    `FLAGPLANE_SPEC=${shellQuoted(JSON.stringify(spec))}`,
    `npx flagplane resource ensure --kind ${kind}`,
  ].join(' ');
}

/** Creates project `key` with the API's default environments. */
export function ensureProjectCommand(org: string, key: string): string {
  const spec: ResourceSpecOf<'project'> = { organization: org, project: { key } };
  return ensureCommand('project', spec);
}

/** Creates the Boolean flag `key` in `project`. */
export function ensureFlagCommand(org: string, project: string, key: string): string {
  const spec: ResourceSpecOf<'flag'> = { organization: org, project, flag: { key, type: 'Boolean' } };
  return ensureCommand('flag', spec);
}

/** The CLI's way, under what a page offers: where to run the line, then the line with its Copy button. */
export function CliWay({ what, command }: { readonly what: string; readonly command: string }) {
  return (
    <>
      <p>
        Or with the CLI: in a shell at the repository root, with your token in <code>FLAGPLANE_TOKEN</code>,
        this line {what}.
      </p>
      <CopyableCommand label={`the CLI command that ${what}`} command={command} />
    </>
  );
}
