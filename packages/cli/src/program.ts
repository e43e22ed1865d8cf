/**
 * The command line: commander parses, and each action loads its command module on demand, so `--help` or
 * `--version` never load the SDK, yaml or the contract's schemas.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { cliVersion } from './cli-version.js';
// Types only: a command's module is loaded when its action runs, never to build the program.
import type { EvalOptions } from './commands/eval/eval-command.js';
import type { ExportOptions } from './commands/export/export-command.js';
import type { GenerateTypesOptions } from './commands/generate/generate-command.js';
import type { InventoryPruneOptions } from './commands/inventory/inventory-command.js';
import type { LogOptions } from './commands/log/log-command.js';
import type { ReconcileOptions } from './commands/reconcile/reconcile-commands.js';
import type { ResourceCommandOptions } from './commands/resource/resource-command.js';
import type { GlobalOptions } from './commands/shared/global-options.js';
import { reportError } from './report-error.js';

/** The options every command takes, as commander gives them (`globals` makes them `GlobalOptions`). */
interface CommonFlags {
  baseUrl?: string;
  json?: boolean;
  quiet?: boolean;
  concurrency: number;
}

/** What commander gives a command's action: the options its module declares, and the common flags. */
type FlagsOf<Options extends GlobalOptions> = Omit<Options, keyof GlobalOptions> & CommonFlags;

function concurrency(raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 64) {
    throw new InvalidArgumentError('an integer from 1 to 64');
  }
  return value;
}

function eventLimit(raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 100_000) {
    throw new InvalidArgumentError('an integer from 1 to 100000');
  }
  return value;
}

/** Every command takes these, before or after its own options. */
function withCommonOptions(command: Command): Command {
  return command
    .option(
      '--base-url <url>',
      'the API address (default: $FLAGPLANE_BASE_URL); the token is read from $FLAGPLANE_TOKEN only',
    )
    .option('--json', 'write the result as one JSON document on stdout')
    .option('-q, --quiet', 'no plan or progress; errors only')
    .option('--concurrency <n>', 'requests in flight at most', concurrency, 4);
}

function globals(flags: CommonFlags) {
  return {
    ...(flags.baseUrl ? { baseUrl: flags.baseUrl } : {}),
    json: flags.json ?? false,
    quiet: flags.quiet ?? false,
    concurrency: flags.concurrency,
  };
}

function withSource(command: Command): Command {
  return command
    .option('-f, --file <file>', 'the desired state, YAML or JSON')
    .option('--synth <dir>', 'a synthesized CDKTF stack (cdktf.out/stacks/<stack>)');
}

/** `Examples:` for the end of a command's help: what a newcomer types first, with what it does. */
function examplesText(examples: readonly (readonly [string, string])[]): string {
  const width = Math.max(...examples.map(([line]) => line.length));
  return `\nExamples:\n${examples.map(([line, what]) => `  ${line.padEnd(width)}  # ${what}`).join('\n')}\n`;
}

/** Runs an action and turns its outcome (or error) into the exit code. */
function action<Flags extends CommonFlags>(
  run: (flags: Flags, ...rest: string[]) => Promise<number>,
): (...args: unknown[]) => Promise<void> {
  return async (...args) => {
    const command = args[args.length - 1] as Command;
    const flags = command.opts<Flags>();
    const positional = args.slice(0, -2).filter((arg): arg is string => typeof arg === 'string');
    try {
      process.exitCode = await run(flags, ...positional);
    } catch (error) {
      process.exitCode = reportError(error, flags.json ?? false);
    }
  };
}

export function buildProgram(): Command {
  const program = new Command('flagplane')
    .description('Feature flags as code: plan and apply a desired state through the Flagplane API.')
    .version(cliVersion(), '-V, --version')
    .showHelpAfterError()
    .configureHelp({ sortSubcommands: false });
  program.addHelpText(
    'after',
    examplesText([
      ['export FLAGPLANE_BASE_URL=http://127.0.0.1:4000 FLAGPLANE_TOKEN=fp_pat_…', 'where, and who you are'],
      ['flagplane export --org acme -o flags.yaml', 'start from the live state'],
      ['flagplane plan -f flags.yaml', 'what apply would change'],
      ['flagplane apply -f flags.yaml', 'make it so (asks before removing)'],
      ['flagplane plan --synth cdktf.out/stacks/flags', 'the same for a synthesized CDKTF stack'],
      ['flagplane help apply', 'one command in detail'],
    ]),
  );

  withCommonOptions(withSource(program.command('plan')))
    .description('show what apply would change (exit 0: nothing, 2: changes, 1: error)')
    .addHelpText(
      'after',
      examplesText([
        ['flagplane plan -f flags.yaml', 'every change apply would make'],
        ['flagplane plan -f flags.yaml --prune', 'also what it would remove'],
        ['flagplane plan -f flags.yaml --json', 'the plan as data'],
        ['flagplane plan --synth cdktf.out/stacks/flags', 'a synthesized CDKTF stack'],
      ]),
    )
    .option('--prune', 'include removing undeclared resources of the declared projects')
    .option(
      '--no-attribution',
      'do not look up who last changed each drifted property (one query per resource)',
    )
    .addHelpText(
      'after',
      '\nEach drifted property says which event last changed it live: "changed by mel@acme.test 2 h ago via curl/8.5".\n' +
        'Exit codes: 0 nothing to change, 2 changes to make, 1 an error or a conflict (printed).\n',
    )
    .action(
      action<FlagsOf<ReconcileOptions>>(async (flags) => {
        const { planCommand } = await import('./commands/reconcile/reconcile-commands.js');
        return planCommand({ ...globals(flags), ...flags });
      }),
    );

  withCommonOptions(withSource(program.command('apply')))
    .description('make the live state match the desired state')
    .addHelpText(
      'after',
      examplesText([
        ['flagplane apply -f flags.yaml', 'apply, asking before anything is removed'],
        ['flagplane apply -f flags.yaml --prune --yes', 'also remove what is not declared, without asking'],
        [
          'flagplane apply --synth cdktf.out/stacks/flags --yes',
          'a synthesized CDKTF stack, without Terraform',
        ],
      ]),
    )
    .option('--prune', 'remove undeclared resources of the declared projects, by removal policy')
    .option('-y, --yes', 'do not ask before deleting, archiving or revoking')
    .option('--show-sdk-keys', 'also print the plaintext of SDK keys created by this run on stdout')
    .action(
      action<FlagsOf<ReconcileOptions>>(async (flags) => {
        const { applyCommand } = await import('./commands/reconcile/reconcile-commands.js');
        return applyCommand({ ...globals(flags), ...flags });
      }),
    );

  withCommonOptions(withSource(program.command('destroy')))
    .description('remove everything the desired state declares, by removal policy')
    .addHelpText(
      'after',
      examplesText([['flagplane destroy -f flags.yaml', 'remove what the file declares (asks first)']]),
    )
    .option('-y, --yes', 'do not ask first')
    .action(
      action<FlagsOf<ReconcileOptions>>(async (flags) => {
        const { destroyCommand } = await import('./commands/reconcile/reconcile-commands.js');
        return destroyCommand({ ...globals(flags), ...flags });
      }),
    );

  withCommonOptions(program.command('export'))
    .description('write the live state as a desired-state file')
    .addHelpText(
      'after',
      examplesText([
        ['flagplane export --org acme -o flags.yaml', 'every project, as YAML'],
        ['flagplane export --org acme --project web --format json', 'one project, as JSON on stdout'],
        [
          'flagplane export --org acme --format cdktf-ts -o main.ts',
          'a CDKTF app of @flagplane/cdktf constructs',
        ],
      ]),
    )
    .requiredOption('--org <slug>', 'the organization')
    .option('--project <key...>', 'only these projects (default: every project)')
    .option('-o, --output <file>', 'write to a file instead of stdout (.json gives JSON)')
    .addOption(
      new Option('--format <format>', 'yaml, json, or cdktf-ts (a CDKTF TypeScript app)').choices([
        'yaml',
        'json',
        'cdktf-ts',
      ]),
    )
    .addOption(
      new Option(
        '--backing-resource <type>',
        'with cdktf-ts: the Terraform resource the constructs write (terraform_data needs no provider download)',
      ).choices(['null_resource', 'terraform_data']),
    )
    .action(
      action<FlagsOf<ExportOptions>>(async (flags) => {
        const { exportCommand } = await import('./commands/export/export-command.js');
        return exportCommand({ ...globals(flags), ...flags });
      }),
    );

  withCommonOptions(program.command('eval'))
    .description('what a context is served in an environment (§21), by the server or --local from a file')
    .addHelpText(
      'after',
      examplesText([
        [
          `flagplane eval --org acme --project web --env production --context '{"key":"user-1","attributes":{"country":"NL"}}'`,
          'every flag, as the server serves it',
        ],
        [
          'flagplane eval --org acme --project web --env production --context user-1 --flag new-checkout',
          'one flag',
        ],
        ['flagplane eval --local -f flags.yaml --env production --context user-1', 'a document, no server'],
      ]),
    )
    .requiredOption('--env <key>', 'the environment')
    .option(
      '--context <json|key>',
      'the context: JSON {"key":…,"attributes":{…}} (the key is optional, §23), or just a key',
      '{}',
    )
    .option('--org <slug>', 'the organization (with a server)')
    .option('--project <key>', 'the project (optional with --local when the document declares one)')
    .option('--flag <key...>', 'only these flags (default: every flag)')
    .option('--local', 'evaluate the document given with -f, with no server')
    .option('-f, --file <file>', 'with --local: the desired state, YAML or JSON')
    .action(
      action<FlagsOf<EvalOptions>>(async (flags) => {
        const { evalCommand } = await import('./commands/eval/eval-command.js');
        return evalCommand({ ...globals(flags), ...flags });
      }),
    );

  const generate = program.command('generate').description('code from a desired state');
  withCommonOptions(generate.command('types'))
    .description(
      "a TypeScript module of the document's flag keys and value types (for typedFlags of @flagplane/openfeature)",
    )
    .addHelpText(
      'after',
      examplesText([
        ['flagplane generate types -f flags.yaml -o src/flags.ts', 'write the module'],
        ['flagplane generate types -f flags.yaml --project web', 'one project of several, on stdout'],
      ]),
    )
    .option('-f, --file <file>', 'the desired state, YAML or JSON')
    .option('-o, --output <file>', 'write to a file instead of stdout')
    .option('--project <key>', 'the project (optional when the document declares one)')
    .action(
      action<FlagsOf<GenerateTypesOptions>>(async (flags) => {
        const { generateTypesCommand } = await import('./commands/generate/generate-command.js');
        return generateTypesCommand({ ...globals(flags), ...flags });
      }),
    );

  withCommonOptions(program.command('log'))
    .description('print the event log (who changed what, when, with what client), newest first')
    .addHelpText(
      'after',
      examplesText([
        ['flagplane log --org acme --since 2h', 'everything changed in the last two hours'],
        [
          'flagplane log --org acme --project web --flag new-checkout',
          'one flag, its configurations and rules',
        ],
        ['flagplane log --org acme --project web --env production --limit 200', 'one environment'],
        ['flagplane log --org acme --actor mel@acme.test --json', 'one person’s changes, as data'],
      ]),
    )
    .requiredOption('--org <slug>', 'the organization')
    .option('--project <key>', 'only this project')
    .option('--flag <key>', 'only this flag (with its variations, configurations and rules)')
    .option('--env <key>', 'only this environment')
    .option(
      '--resource-kind <kind>',
      'only this kind: Project, Environment, Flag, Variation, FlagEnvironment, Rule, Segment or SdkKey',
    )
    .option('--actor <id-or-email>', 'only this user or service token')
    .option('--action <operation>', 'only this operation, e.g. toggleFlag')
    .option('--since <when>', 'a duration back from now (30m, 2h, 7d) or a date-time (2026-11-24T09:00:00Z)')
    .option('--until <when>', 'before this: a duration back from now or a date-time')
    .option('--limit <n>', 'print at most n events', eventLimit, 50)
    .action(
      action<FlagsOf<LogOptions>>(async (flags) => {
        const { logCommand } = await import('./commands/log/log-command.js');
        return logCommand({ ...globals(flags), ...flags });
      }),
    );

  const resource = program
    .command('resource')
    .description('one resource at a time, for the CDKTF provisioners (spec in $FLAGPLANE_SPEC or on stdin)');
  resource.addHelpText(
    'after',
    examplesText([
      [
        `FLAGPLANE_SPEC='{"organization":"acme","project":"web","flag":{"key":"x","type":"Boolean"}}' flagplane resource ensure --kind flag`,
        'what a provisioner runs',
      ],
    ]),
  );
  for (const [verb, description] of [
    ['ensure', 'make the resource exist (create it, or restore an archived flag); change nothing else'],
    ['configure', 'make the resource match its spec (creating it if needed)'],
    ['remove', 'apply the resource’s removal policy (delete, archive, revoke or retain)'],
  ] as const) {
    withCommonOptions(resource.command(verb))
      .description(description)
      .requiredOption('--kind <kind>', 'project, environment, segment, flag or sdk-key')
      .option('--spec-env <name>', 'the environment variable holding the JSON spec', 'FLAGPLANE_SPEC')
      .action(
        action<FlagsOf<Omit<ResourceCommandOptions, 'specVariable'>> & { specEnv: string }>(async (flags) => {
          const { resourceCommand } = await import('./commands/resource/resource-command.js');
          return resourceCommand(verb, { ...globals(flags), kind: flags.kind, specVariable: flags.specEnv });
        }),
      );
  }

  const inventory = program
    .command('inventory')
    .description('the stack inventory, for the CDKTF provisioners');
  withCommonOptions(withSource(inventory.command('prune')))
    .description(
      'remove, by their old removal policies, the resources the previous inventory declared and the current one does not',
    )
    .addHelpText(
      'after',
      examplesText([
        [
          'FLAGPLANE_PREVIOUS_INVENTORY="$(cat previous.json)" flagplane inventory prune --synth .',
          'what the inventory resource runs when it is replaced',
        ],
      ]),
    )
    .option(
      '--previous-env <name>',
      'the environment variable holding the previous inventory JSON',
      'FLAGPLANE_PREVIOUS_INVENTORY',
    )
    .action(
      action<FlagsOf<Omit<InventoryPruneOptions, 'previousVariable'>> & { previousEnv: string }>(
        async (flags) => {
          const { inventoryPruneCommand } = await import('./commands/inventory/inventory-command.js');
          return inventoryPruneCommand({ ...globals(flags), ...flags, previousVariable: flags.previousEnv });
        },
      ),
    );

  return program;
}

export async function main(argv: readonly string[]): Promise<void> {
  await buildProgram().parseAsync([...argv]);
}
