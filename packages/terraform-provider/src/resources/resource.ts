/**
 * What a resource type is to the provider: its schema definition and the operations Terraform drives
 * (validate, plan, create, read, update, delete, import). Operations talk to the server only through the
 * SDK; an SDK error they throw becomes a diagnostic on the attribute it is about (provider-operations.ts).
 */
import type { FlagplaneClient } from '@flagplane/sdk';
import type { Diagnostic } from '../diagnostics.js';
import type { Log } from '../log.js';
import type { FlagReads } from '../provider/flag-reads.js';
import type { PlannedVariations } from '../provider/planned-variations.js';
import type { SchemaSpec } from '../schema/model.js';
import type { TerraformValue } from '../values/unknown.js';

export type ObjectValue = { readonly [name: string]: TerraformValue };

/** What every operation may use once Terraform has configured the provider. */
export interface ProviderContext {
  readonly client: FlagplaneClient;
  readonly organization: string;
  /** `terraform:<label>`, written as `managedBy.source` on every project and flag (§20, §25). */
  readonly managedBySource: string;
  readonly log: Log;
  /** Flags read in this process, and one writer at a time per flag. */
  readonly flags: FlagReads;
  /** The variation keys flags will have after this plan, as their resources planned them. */
  readonly plannedVariations: PlannedVariations;
}

export interface Outcome {
  /** Null when the operation could not make (or find) the resource: its diagnostics say why. */
  readonly state: ObjectValue | null;
  readonly diagnostics: readonly Diagnostic[];
}

export interface PlanRefinement {
  readonly planned: ObjectValue;
  /** Attribute names whose change replaces the resource, beyond those the schema marks. */
  readonly replaceWhenChanged?: readonly string[];
  readonly diagnostics?: readonly Diagnostic[];
}

export interface ResourceType {
  readonly typeName: string;
  readonly schema: SchemaSpec;
  /** Checks that need no server (the contract's formats and rules), on the values known so far. */
  validate(config: ObjectValue): Diagnostic[];
  /**
   * What this resource adds to the generic plan (plan.ts): the `managed_by` it will write, checks that
   * need the server (a variation key the flag does not have), replacements the schema cannot say.
   */
  refinePlan?(
    context: ProviderContext,
    prior: ObjectValue | null,
    planned: ObjectValue,
  ): PlanRefinement | Promise<PlanRefinement>;
  /** Shown in the plan when Terraform is about to destroy the resource: what removing it does. */
  destroyWarnings(prior: ObjectValue): Diagnostic[];
  create(context: ProviderContext, planned: ObjectValue): Promise<Outcome>;
  /** The live resource as state, or null when it no longer exists. */
  read(context: ProviderContext, prior: ObjectValue): Promise<Outcome | null>;
  update(context: ProviderContext, prior: ObjectValue, planned: ObjectValue): Promise<Outcome>;
  delete(context: ProviderContext, prior: ObjectValue): Promise<readonly Diagnostic[]>;
  /** The state of the resource an import ID names; throws `ImportIdError` for a malformed ID. */
  importState(context: ProviderContext, id: string): Promise<Outcome>;
}

export interface DataSourceType {
  readonly typeName: string;
  readonly schema: SchemaSpec;
  validate(config: ObjectValue): Diagnostic[];
  read(context: ProviderContext, config: ObjectValue): Promise<Outcome>;
}

/** An import ID that does not have the form the resource type expects. */
export class ImportIdError extends Error {
  override readonly name = 'ImportIdError';
}

/** `project/flag` → ['project', 'flag'], or an `ImportIdError` naming the expected form. */
export function splitImportId(id: string, parts: readonly string[]): string[] {
  const pieces = id.split('/');
  if (pieces.length !== parts.length || pieces.some((piece) => piece.trim() === '')) {
    throw new ImportIdError(
      `The import ID "${id}" does not have the form ${parts.join('/')} (for example ${parts.map((part) => `<${part}>`).join('/')}).`,
    );
  }
  return pieces;
}
