/**
 * The `provider "flagplane"` block (§25): `base_url`, `token` (sensitive), `organization`, each with an
 * environment fallback (FLAGPLANE_BASE_URL, FLAGPLANE_TOKEN, FLAGPLANE_ORG), and `managed_by`, the label
 * written as `managedBy.source` = `terraform:<label>` on what the provider manages (default: the
 * organization).
 */
import { isUuid, ManagedBySource, OrgSlug } from '@flagplane/contract';
import { createClient } from '@flagplane/sdk';
import { attributePath, type Diagnostic, error } from '../diagnostics.js';
import type { Log } from '../log.js';
import type { ObjectValue, ProviderContext } from '../resources/resource.js';
import { type BlockSpec, optional, type SchemaSpec } from '../schema/model.js';
import { knownString } from '../values/access.js';
import { isUnknown } from '../values/unknown.js';
import { providerVersion } from '../version.js';
import { FlagReads } from './flag-reads.js';
import { PlannedVariations } from './planned-variations.js';

const block: BlockSpec = {
  description: 'Flagplane: feature flags, their environments and configurations, declared in HCL.',
  attributes: {
    base_url: optional(
      'string',
      'The server address without `/api/v1` (`https://flags.example.com`). Default: `FLAGPLANE_BASE_URL`.',
    ),
    token: optional(
      'string',
      'A personal access token (`fp_pat_…`) or service token (`fp_svc_…`). Default: `FLAGPLANE_TOKEN`. Prefer the environment variable: a value written here ends up in your configuration.',
      { sensitive: true },
    ),
    organization: optional(
      'string',
      'The organization slug (or id) every resource belongs to. Default: `FLAGPLANE_ORG`.',
    ),
    managed_by: optional(
      'string',
      'The label in `managedBy.source` = `terraform:<label>` written on every project and flag this configuration manages, so consoles and the CLI say who owns them. Default: the organization.',
    ),
  },
};

export const providerSchema: SchemaSpec = { version: 0, block };

type Environment = Readonly<Record<string, string | undefined>>;

/** What ValidateProviderConfig reports: formats of what the configuration sets (never echoing the token). */
export function validateProviderConfig(config: ObjectValue): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const baseUrl = knownString(config.base_url);
  if (baseUrl !== undefined && !/^https?:\/\/\S+$/.test(baseUrl)) {
    diagnostics.push(
      error(
        'Invalid base_url',
        `must be an http(s) URL like https://flags.example.com; got "${baseUrl}"`,
        attributePath('base_url'),
      ),
    );
  }
  const token = knownString(config.token);
  if (token !== undefined && !/^fp_(pat|svc)_[0-9A-Za-z]{40}$/.test(token)) {
    diagnostics.push(
      error(
        'Invalid token',
        'must be a personal access token (fp_pat_ and 40 letters or digits) or a service token (fp_svc_…); SDK keys (fp_srv_, fp_cli_) are not API credentials. (The value is not shown: it is secret.)',
        attributePath('token'),
      ),
    );
  }
  const organization = knownString(config.organization);
  if (organization !== undefined) {
    const slug = OrgSlug.safeParse(organization);
    if (!slug.success && !isUuid(organization)) {
      const problem = slug.error.issues.map((issue) => issue.message).join('; ');
      diagnostics.push(
        error(
          'Invalid organization',
          `an organization slug or id: ${problem}`,
          attributePath('organization'),
        ),
      );
    }
  }
  const label = knownString(config.managed_by);
  if (label !== undefined) {
    const source = ManagedBySource.safeParse(`terraform:${label}`);
    if (!source.success || label === '') {
      diagnostics.push(
        error(
          'Invalid managed_by',
          `must be 1–490 characters (it becomes "terraform:<label>")`,
          attributePath('managed_by'),
        ),
      );
    }
  }
  return diagnostics;
}

/** ConfigureProvider: the configuration completed from the environment, and a client on it. */
export function configureProvider(
  config: ObjectValue,
  environment: Environment,
  log: Log,
): { context?: ProviderContext; diagnostics: Diagnostic[] } {
  const diagnostics = validateProviderConfig(config);
  for (const name of ['base_url', 'token', 'organization', 'managed_by']) {
    if (isUnknown(config[name])) {
      diagnostics.push(
        error(
          `${name} is not known yet`,
          'The provider needs its configuration while planning: set it from variables or the environment, not from another resource.',
          attributePath(name),
        ),
      );
    }
  }
  const setting = (name: string, variable: string): string | undefined =>
    knownString(config[name]) ?? (environment[variable]?.trim() || undefined);
  const baseUrl = setting('base_url', 'FLAGPLANE_BASE_URL');
  const token = setting('token', 'FLAGPLANE_TOKEN');
  const organization = setting('organization', 'FLAGPLANE_ORG');
  if (!baseUrl) diagnostics.push(missing('base_url', 'FLAGPLANE_BASE_URL'));
  if (!token) diagnostics.push(missing('token', 'FLAGPLANE_TOKEN'));
  if (!organization) diagnostics.push(missing('organization', 'FLAGPLANE_ORG'));
  if (token) log.redact(token);
  if (
    diagnostics.some((diagnostic) => diagnostic.severity === 'error') ||
    !baseUrl ||
    !token ||
    !organization
  ) {
    return { diagnostics };
  }
  const label = knownString(config.managed_by) ?? organization;
  const client = createClient({
    baseUrl,
    token,
    // Terraform runs up to ten operations at once: past the server's rate limit, wait as its answers say
    // (Retry-After) and try again, more times than the SDK's default, rather than fail a resource.
    maxRetries: 8,
    // The client named in every event this provider causes (§19): "terraform-provider-flagplane/0.1.0".
    headers: { 'user-agent': `terraform-provider-flagplane/${providerVersion}` },
    logger: {
      debug: (message, details) => log.debug(message, details),
      warn: (message, details) => log.warn(message, details),
    },
  });
  log.info('provider configured', { base_url: baseUrl, organization, managed_by: `terraform:${label}` });
  const context = {
    client,
    organization,
    managedBySource: `terraform:${label}`,
    log,
    flags: new FlagReads(client, organization),
    plannedVariations: new PlannedVariations(),
  };
  return { context, diagnostics };
}

function missing(name: string, variable: string): Diagnostic {
  return error(
    `Missing ${name}`,
    `Set ${name} in the provider "flagplane" block or the ${variable} environment variable.`,
    attributePath(name),
  );
}
