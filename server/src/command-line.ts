/**
 * The server's command line, which only asks about the server: `--help`, `--version`. Everything it is to
 * do comes from the environment (config.ts), so any other argument is refused rather than ignored: a
 * `--port 5` silently ignored would start on port 4000.
 */
import { readFileSync } from 'node:fs';
import { configVariables } from './config.js';

export type Invocation =
  | { readonly action: 'serve' }
  | { readonly action: 'copy-data'; readonly from: string; readonly to: string }
  | { readonly action: 'backup'; readonly to: string }
  | { readonly action: 'help' }
  | { readonly action: 'version' }
  | { readonly action: 'refuse'; readonly message: string };

export function readInvocation(args: readonly string[]): Invocation {
  if (args.length === 0) return { action: 'serve' };
  if (args.some((arg) => arg === '--help' || arg === '-h')) return { action: 'help' };
  if (args[0] === 'copy-data') return readCopyData(args.slice(1));
  if (args[0] === 'backup') return readBackup(args.slice(1));
  if (args.length === 1 && args[0] === '--version') return { action: 'version' };
  const unknown = args.find((arg) => arg !== '--version') ?? args[0];
  return {
    action: 'refuse',
    message:
      `unknown argument "${unknown}": the server takes its configuration from the environment ` +
      '(e.g. PORT=4001 flagplane-server); see flagplane-server --help',
  };
}

const copyDataUsage = 'flagplane-server copy-data --from <data file> --to <postgres:// URL>';

const backupUsage = 'flagplane-server backup --to <new file>';

type Refusal = Extract<Invocation, { action: 'refuse' }>;

/** `--name value` or `--name=value` options of `command`, each of `names` at most once. */
function readOptions(
  command: string,
  args: readonly string[],
  names: readonly string[],
  usage: string,
): Record<string, string> | Refusal {
  const values: Record<string, string> = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    const [name, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    if (!names.includes(name)) {
      return { action: 'refuse', message: `${command}: unknown argument "${arg}"; usage: ${usage}` };
    }
    const value = inline ?? args[++index];
    if (value === undefined || value === '' || value.startsWith('--')) {
      return { action: 'refuse', message: `${command}: ${name} needs a value; usage: ${usage}` };
    }
    if (name in values) return { action: 'refuse', message: `${command}: ${name} is given twice` };
    values[name] = value;
  }
  return values;
}

const isRefusal = (value: Record<string, string> | Refusal): value is Refusal => value.action === 'refuse';

/** `copy-data --from <file> --to <url>`, each exactly once, in either order (`--from=…` too). */
function readCopyData(args: readonly string[]): Invocation {
  const values = readOptions('copy-data', args, ['--from', '--to'], copyDataUsage);
  if (isRefusal(values)) return values;
  const from = values['--from'];
  const to = values['--to'];
  if (from === undefined || to === undefined) {
    return { action: 'refuse', message: `copy-data needs --from and --to; usage: ${copyDataUsage}` };
  }
  if (!/^postgres(ql)?:\/\/\S+$/.test(to)) {
    return { action: 'refuse', message: 'copy-data: --to must be a postgres:// or postgresql:// URL' };
  }
  return { action: 'copy-data', from, to };
}

/** `backup --to <file>`: the data file is FLAGPLANE_DATA's, as for the server. */
function readBackup(args: readonly string[]): Invocation {
  const values = readOptions('backup', args, ['--to'], backupUsage);
  if (isRefusal(values)) return values;
  const to = values['--to'];
  if (to === undefined) return { action: 'refuse', message: `backup needs --to; usage: ${backupUsage}` };
  return { action: 'backup', to };
}

export function helpText(): string {
  const rows = Object.entries(configVariables);
  const nameWidth = Math.max(...rows.map(([name]) => name.length));
  const defaultWidth = Math.max(...rows.map(([, variable]) => variable.default.length));
  const table = rows.map(
    ([name, variable]) =>
      `  ${name.padEnd(nameWidth)}  ${variable.default.padEnd(defaultWidth)}  ${variable.meaning}`,
  );
  return [
    'flagplane-server: the Flagplane reference server, the whole API v1 over HTTP with a durable data file.',
    '',
    'Usage:',
    '  flagplane-server             listen until SIGINT or SIGTERM (then finish requests and stop)',
    '  flagplane-server --help, -h  print this help',
    '  flagplane-server --version   print the version',
    `  ${copyDataUsage}`,
    '                               copy a data file (identities, tokens, events: everything) into an',
    '                               empty PostgreSQL database, then print what it copied',
    `  ${backupUsage}`,
    '                               a consistent copy of FLAGPLANE_DATA (everything) into a new data file,',
    '                               taken by the server using it if one runs; FLAGPLANE_DATA=<file> starts',
    '                               from it. On PostgreSQL, use pg_dump (see the README)',
    '',
    'Configuration, from the environment (a bad value refuses to start, naming the variable):',
    `  ${'variable'.padEnd(nameWidth)}  ${'default'.padEnd(defaultWidth)}  meaning`,
    ...table,
    '',
    'With FLAGPLANE_DATABASE_URL, every server process on that database serves the same data (§22).',
    'The first start on an empty store without an identity file creates organization "default" with',
    "an Owner and prints that Owner's API token once. Docs are served at /docs, the API under /api/v1.",
    '',
  ].join('\n');
}

/** The version of @flagplane/server, from its package.json (one directory above src/ and dist/). */
export function serverVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version?: unknown;
  };
  return typeof manifest.version === 'string' ? manifest.version : 'unknown';
}
