/**
 * What each provisioner of a declared resource hands to `flagplane resource …` (the contract's resource
 * specs), and what the identity resource's triggers hold. Pure functions of the resource's desired-state
 * entry, so the same declaration always gives the same text.
 *
 * The entry comes in the contract's canonical form (`canonicalForm` of the whole document, sorted once
 * for every resource and the inventory): the specs are its canonical JSON without sorting it again, only
 * the few keys put around it here are sorted.
 */
import type { ResourceKind } from '@flagplane/contract';
import { selfTrigger, selfTriggerAsJson, type TriggersAttribute } from './terraform-template.js';

type Entry = Readonly<Record<string, unknown>>;

export interface ResourceSpecs {
  /** The immutable identity: a change is a real re-creation (identity resource replaced). */
  readonly identityTriggers: Readonly<Record<string, string>>;
  /** `resource ensure`: enough to create the resource when it is missing. */
  readonly ensureSpec: string;
  /** `resource configure`: the whole mutable spec (the configuration resource's trigger). */
  readonly configureSpec: string;
  /**
   * `resource remove`, as a Terraform template: the identity from `self.triggers` (the instance being
   * destroyed may have had another key than the current declaration) and the removal policy from the
   * current declaration (see the README: a policy change must not replace the identity). Nothing else:
   * removal needs no more (the contract's `resourceRemovalSpecSchemas`).
   */
  readonly removalTemplate: string;
}

/** Keys of an entry the commands take from elsewhere: policies are removal-time only, children are resources of their own. */
function without(entry: Entry, ...keys: string[]): Entry {
  // Copied key by key rather than spread and deleted from: an object that loses properties becomes a
  // slow dictionary, and every spec is serialized right after.
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(entry)) if (!keys.includes(key)) copy[key] = entry[key];
  return copy;
}

/** `record` with its own keys sorted: in canonical form when its values are. */
function sortedOwnKeys(record: Entry): Entry {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort()) sorted[key] = record[key];
  return sorted;
}

/** The organization a stack declares into, and the `managedBy.source` (§20) its declarations write. */
export interface SpecPlacement {
  readonly organization: string;
  readonly source: string;
  /**
   * A flag's: the environments of its project the stack holds, in the project's order
   * (`reconciledEnvironmentKeys`), which its configuration is reconciled in and `managedBy` lists (§20).
   */
  readonly projectEnvironments?: readonly string[];
}

/** @param entry the resource's entry in canonical form (see above) */
export function resourceSpecs(
  kind: ResourceKind,
  { organization, source, projectEnvironments }: SpecPlacement,
  projectKey: string,
  entry: Entry,
  removalPolicy: string,
  triggers: TriggersAttribute,
): ResourceSpecs {
  const placed = (property: string, value: Entry) =>
    JSON.stringify(
      sortedOwnKeys({
        organization,
        ...(kind === 'project' ? {} : { project: projectKey }),
        // Only projects and flags carry managedBy; the other kinds' specs stay as they were.
        ...(kind === 'project' || kind === 'flag' ? { source } : {}),
        ...(kind === 'flag' && projectEnvironments ? { projectEnvironments } : {}),
        [property]: value,
      }),
    );
  const self = (key: string) => selfTrigger(triggers, key);
  const organizationTrigger = `"${self('organization')}"`;
  const projectTrigger = `"${self('project')}"`;
  // Keys, slugs and type names cannot hold a quote or a backslash (§2), so they sit in the JSON text as is.
  const removal = (property: string, fields: string) =>
    kind === 'project'
      ? `{"organization":${organizationTrigger},"project":{${fields}}}`
      : `{"organization":${organizationTrigger},"project":${projectTrigger},"${property}":{${fields}}}`;
  const policy = `"removalPolicy":"${removalPolicy}"`;

  switch (kind) {
    case 'project': {
      const configured = without(entry, 'environments', 'segments', 'flags', 'sdkKeys', 'removalPolicy');
      const environments = ((entry.environments as Entry[] | undefined) ?? []).map((environment) =>
        without(environment, 'removalPolicy'),
      );
      return {
        identityTriggers: { organization, project: projectKey },
        // Created with its declared environments: otherwise the API adds development and production.
        ensureSpec: placed('project', sortedOwnKeys({ ...configured, environments })),
        configureSpec: placed('project', configured),
        removalTemplate: removal('project', `"key":"${self('project')}",${policy}`),
      };
    }
    case 'environment':
    case 'segment': {
      const key = entry.key as string;
      const spec = placed(kind, without(entry, 'removalPolicy'));
      return {
        identityTriggers: { organization, project: projectKey, [kind]: key },
        ensureSpec: spec,
        configureSpec: spec,
        removalTemplate: removal(kind, `"key":"${self(kind)}",${policy}`),
      };
    }
    case 'flag': {
      const type = entry.type as string;
      return {
        identityTriggers: { organization, project: projectKey, flag: entry.key as string, type },
        ensureSpec: placed('flag', without(entry, 'environments', 'removalPolicy')),
        configureSpec: placed('flag', without(entry, 'removalPolicy')),
        removalTemplate: removal('flag', `"key":"${self('flag')}",${policy}`),
      };
    }
    case 'sdkKey': {
      const spec = placed('sdkKey', without(entry, 'removalPolicy'));
      return {
        identityTriggers: {
          organization,
          project: projectKey,
          environment: entry.environment as string,
          name: entry.name as string,
        },
        ensureSpec: spec,
        configureSpec: spec,
        // A name is free text: JSON-encoded by Terraform, never spliced raw.
        removalTemplate: removal(
          'sdkKey',
          `"environment":"${self('environment')}","name":${selfTriggerAsJson(triggers, 'name')},${policy}`,
        ),
      };
    }
  }
}
