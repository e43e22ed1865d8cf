/**
 * A tour of @flagplane/sdk against a running Flagplane server: a project, flags with variations, a
 * percentage rollout, a targeted rule, a walk over every flag, and the two errors a script most often
 * meets. `npm start` reads FLAGPLANE_BASE_URL, FLAGPLANE_TOKEN and ORG (default `default`).
 */
import { createClient, type FlagplaneClient, NotFoundError, ValidationError } from '@flagplane/sdk';

export interface ExampleOptions {
  /** @default process.env.FLAGPLANE_BASE_URL */
  readonly baseUrl?: string;
  /** @default process.env.FLAGPLANE_TOKEN */
  readonly token?: string;
  /** @default process.env.ORG, else `default` */
  readonly org?: string;
  /** A new key on every run, so the script can run again against the same server. */
  readonly project?: string;
  readonly log?: (line: string) => void;
}

export interface ExampleSummary {
  readonly project: string;
  readonly flagKeys: readonly string[];
  readonly validationFields: Readonly<Record<string, readonly string[]>>;
  readonly didYouMean: readonly string[];
}

export async function main(options: ExampleOptions = {}): Promise<ExampleSummary> {
  const log = options.log ?? console.log;
  // Absent options fall back to FLAGPLANE_BASE_URL and FLAGPLANE_TOKEN inside the SDK.
  const client = createClient({
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.token ? { token: options.token } : {}),
  });
  const org = options.org ?? process.env.ORG ?? 'default';
  const project = options.project ?? `node-app-${Date.now().toString(36)}`;

  const me = await client.me.retrieve();
  log(`Signed in as ${me.name ?? me.id} (${me.type}).`);

  await client.projects.create(org, { key: project, name: 'Node app example' });
  log(`Created project ${org}/${project} with environments development and production.`);

  await createFlags(client, org, project);
  await rollOutBanner(client, org, project);
  await targetBetaTesters(client, org, project);

  log('Every flag of the project, two per page:');
  const flagKeys: string[] = [];
  for await (const flag of client.flags.list(org, project, { limit: 2 })) {
    flagKeys.push(flag.key ?? flag.id);
    log(`  ${flag.key} (${flag.type}) tags: ${flag.tags?.join(', ') || 'none'}`);
  }

  const validationFields = await showValidationError(client, org, project, log);
  const didYouMean = await showNotFoundError(client, org, project, log);
  return { project, flagKeys, validationFields, didYouMean };
}

async function createFlags(client: FlagplaneClient, org: string, project: string): Promise<void> {
  // A Boolean flag gets its two variations (true and false) without being told.
  await client.flags.create(org, project, {
    key: 'new-checkout',
    type: 'Boolean',
    name: 'New checkout',
    tags: ['checkout'],
  });
  await client.flags.create(org, project, {
    key: 'banner-text',
    type: 'String',
    name: 'Banner text',
    tags: ['marketing'],
    variations: [
      { key: 'hello', name: 'Hello', value: 'Hello!' },
      { key: 'welcome-back', name: 'Welcome back', value: 'Welcome back!' },
    ],
    defaultVariationKey: 'hello',
  });
  await client.flags.create(org, project, {
    key: 'search-page-size',
    type: 'Number',
    tags: ['search'],
    variations: [
      { key: 'small', value: '10' },
      { key: 'large', value: '50' },
    ],
  });
}

/** 80 % of users see "Hello!", 20 % "Welcome back!", in production. */
async function rollOutBanner(client: FlagplaneClient, org: string, project: string): Promise<void> {
  const banner = await client.flags.retrieve(org, project, 'banner-text');
  const [hello, welcomeBack] = banner.variations;
  if (!hello || !welcomeBack) throw new Error('banner-text should have two variations');
  await client.flagEnvironments.update(org, project, 'banner-text', 'production', {
    strategy: 'PercentageRollout',
    percentageRollout: [
      { variationId: hello.id, weight: 80 },
      { variationId: welcomeBack.id, weight: 20 },
    ],
  });
  await client.flagEnvironments.toggle(org, project, 'banner-text', 'production', { enabled: true });
}

/** Beta testers in the Netherlands get the new checkout in production; everyone else the default. */
async function targetBetaTesters(client: FlagplaneClient, org: string, project: string): Promise<void> {
  const checkout = await client.flags.retrieve(org, project, 'new-checkout');
  const on = checkout.variations.find((variation) => variation.value === 'true');
  if (!on) throw new Error('a Boolean flag always has a "true" variation');
  await client.rules.create(org, project, 'new-checkout', 'production', {
    description: 'Beta testers in the Netherlands',
    variationId: on.id,
    conditionGroups: [
      {
        operator: 'And',
        conditions: [
          { attribute: 'country', operator: 'Equals', values: ['NL'] },
          { attribute: 'plan', operator: 'In', values: ['beta', 'internal'] },
        ],
      },
    ],
  });
  await client.flagEnvironments.update(org, project, 'new-checkout', 'production', {
    strategy: 'TargetedRollout',
    isEnabled: true,
  });
}

/** The SDK checks bodies with the API's own rules before sending: nothing reaches the server. */
async function showValidationError(
  client: FlagplaneClient,
  org: string,
  project: string,
  log: (line: string) => void,
): Promise<Readonly<Record<string, readonly string[]>>> {
  try {
    await client.flags.create(org, project, { key: 'Not a key!', type: 'Number', variations: [] });
    throw new Error('expected a ValidationError');
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    log(`Refused: ${error.message}`);
    for (const [field, messages] of Object.entries(error.fields)) log(`  ${field}: ${messages.join('; ')}`);
    return error.fields;
  }
}

/** A misspelt key is a 404 whose `didYouMean` names the keys the caller probably meant. */
async function showNotFoundError(
  client: FlagplaneClient,
  org: string,
  project: string,
  log: (line: string) => void,
): Promise<readonly string[]> {
  try {
    await client.flags.retrieve(org, project, 'new-chekout');
    throw new Error('expected a NotFoundError');
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    log(`Not found: ${error.message}`);
    return error.didYouMean;
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
