/**
 * `flagplane-server`'s command line (main.ts loads it): serves (serve.ts: configuration from the environment, the identity file, the data
 * file, memory or PostgreSQL, a first-start bootstrap when there is no identity file), backs up a running
 * file store (`backup --to`), copies a data file into PostgreSQL (`copy-data`). `--help` and `--version`
 * answer without starting anything. A refusal people can act on is one line on stderr.
 */
import { helpText, readInvocation, serverVersion } from './command-line.js';
import { ConfigError, readConfig, shownDatabaseUrl } from './config.js';
import { CopyDataError, copyData, describeCounts } from './copy-data.js';
import { IdentityError } from './identity/apply-identities.js';
import { ListenError } from './listen-error.js';
import { BackupError } from './operations/backup.js';
import { backup } from './operations/backup-command.js';
import { StartError, serve } from './serve.js';
import { isConnectionFailure } from './store/postgres/connection-failure.js';

/** Exit status of a refused command line, apart from 1 (could not start) as shells usually do. */
const USAGE_EXIT_CODE = 2;

function fail(message: string, exitCode: number): never {
  process.stderr.write(`flagplane-server: ${message}\n`);
  process.exit(exitCode);
}

async function main(args: readonly string[]): Promise<void> {
  const invocation = readInvocation(args);
  switch (invocation.action) {
    case 'help':
      process.stdout.write(helpText());
      return;
    case 'version':
      process.stdout.write(`${serverVersion()}\n`);
      return;
    case 'refuse':
      fail(invocation.message, USAGE_EXIT_CODE);
      return;
    case 'serve':
      await serve(readConfig());
      return;
    case 'backup': {
      const outcome = await backup(readConfig(), invocation.to);
      process.stdout.write(
        `Backed up ${outcome.dataPath} into ${outcome.target}, written by ${outcome.writtenBy}:\n` +
          `${describeCounts(outcome.counts)}\nStart from it with FLAGPLANE_DATA=${outcome.target}\n`,
      );
      return;
    }
    case 'copy-data': {
      const counts = await copyData(invocation.from, invocation.to);
      process.stdout.write(
        `Copied ${invocation.from} into ${shownDatabaseUrl(invocation.to)}:\n${describeCounts(counts)}\n`,
      );
      return;
    }
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // Refusals people can act on are one line; anything else keeps its stack for a bug report.
  const known =
    error instanceof ConfigError ||
    error instanceof IdentityError ||
    error instanceof ListenError ||
    error instanceof StartError ||
    error instanceof CopyDataError ||
    error instanceof BackupError ||
    isConnectionFailure(error);
  fail(known ? (error as Error).message : String((error as Error)?.stack ?? error), 1);
});
