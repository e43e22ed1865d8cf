/**
 * The provider behind the protocol: its resource and data-source types, its configuration, and what each
 * Terraform operation means for them, on decoded values. Every operation answers diagnostics rather than
 * throwing: an SDK error becomes an error on the attribute it names (error-diagnostics.ts).
 */
import { type AttributePath, type Diagnostic, hasErrors } from '../diagnostics.js';
import type { Log } from '../log.js';
import { planObject, replacementPaths } from '../resources/plan.js';
import type {
  DataSourceType,
  ObjectValue,
  Outcome,
  PlanRefinement,
  ProviderContext,
  ResourceType,
} from '../resources/resource.js';
import { impliedType, type SchemaSpec } from '../schema/model.js';
import { decodeJsonValue } from '../values/value-codec.js';
import { diagnosticsOfError } from './error-diagnostics.js';
import { configureProvider, providerSchema, validateProviderConfig } from './provider-config.js';

type Environment = Readonly<Record<string, string | undefined>>;

export interface PlanOutcome {
  readonly planned: ObjectValue | null;
  readonly requiresReplace: readonly AttributePath[];
  readonly diagnostics: readonly Diagnostic[];
}

export class FlagplaneProvider {
  private context: ProviderContext | undefined;
  private readonly resources: ReadonlyMap<string, ResourceType>;
  private readonly dataSources: ReadonlyMap<string, DataSourceType>;

  constructor(
    readonly log: Log,
    resources: readonly ResourceType[],
    dataSources: readonly DataSourceType[],
    private readonly environment: Environment = process.env,
  ) {
    this.resources = new Map(resources.map((resource) => [resource.typeName, resource]));
    this.dataSources = new Map(dataSources.map((dataSource) => [dataSource.typeName, dataSource]));
  }

  readonly providerSchema: SchemaSpec = providerSchema;

  resourceTypes(): readonly ResourceType[] {
    return [...this.resources.values()];
  }

  dataSourceTypes(): readonly DataSourceType[] {
    return [...this.dataSources.values()];
  }

  resource(typeName: string): ResourceType {
    const resource = this.resources.get(typeName);
    if (!resource) throw new Error(`this provider has no resource type "${typeName}"`);
    return resource;
  }

  dataSource(typeName: string): DataSourceType {
    const dataSource = this.dataSources.get(typeName);
    if (!dataSource) throw new Error(`this provider has no data source "${typeName}"`);
    return dataSource;
  }

  validateProviderConfig(config: ObjectValue): Diagnostic[] {
    return validateProviderConfig(config);
  }

  configure(config: ObjectValue): Diagnostic[] {
    const { context, diagnostics } = configureProvider(config, this.environment, this.log);
    this.context = context;
    return diagnostics;
  }

  validateResource(typeName: string, config: ObjectValue): Diagnostic[] {
    return this.resource(typeName).validate(config);
  }

  validateDataSource(typeName: string, config: ObjectValue): Diagnostic[] {
    return this.dataSource(typeName).validate(config);
  }

  /** A stored state of an older schema version as the current one (version 0 is the only one yet). */
  upgradeState(typeName: string, version: number, json: string): ObjectValue | null {
    const { schema } = this.resource(typeName);
    if (version > schema.version) {
      throw new Error(
        `the state of ${typeName} was written by a newer provider (schema version ${version}; this one knows ${schema.version}): use that provider version or newer`,
      );
    }
    return decodeJsonValue(impliedType(schema.block), json) as ObjectValue | null;
  }

  async plan(typeName: string, prior: ObjectValue | null, config: ObjectValue | null): Promise<PlanOutcome> {
    const resource = this.resource(typeName);
    const { block } = resource.schema;
    if (config === null) {
      // A destroy (the provider asked to plan those too): say what removing does.
      return {
        planned: null,
        requiresReplace: [],
        diagnostics: prior ? resource.destroyWarnings(prior) : [],
      };
    }
    // Values known only now (from resources that exist) are checked here, where the plan can still stop.
    const invalid = resource.validate(config);
    if (hasErrors(invalid)) return { planned: null, requiresReplace: [], diagnostics: invalid };
    const generic = planObject(block, prior, config);
    let refined: PlanRefinement = { planned: generic };
    try {
      refined = (await resource.refinePlan?.(this.configured(), prior, generic)) ?? refined;
    } catch (thrown) {
      return { planned: null, requiresReplace: [], diagnostics: diagnosticsOfError(thrown, block) };
    }
    if (hasErrors(refined.diagnostics ?? [])) {
      return {
        planned: null,
        requiresReplace: [],
        diagnostics: [...invalid, ...(refined.diagnostics ?? [])],
      };
    }
    return {
      planned: refined.planned,
      requiresReplace: replacementPaths(block, prior, refined.planned, refined.replaceWhenChanged),
      diagnostics: [...invalid, ...(refined.diagnostics ?? [])],
    };
  }

  /** Create, update or delete, as the plan says; on a failure, what exists stays in state. */
  async apply(typeName: string, prior: ObjectValue | null, planned: ObjectValue | null): Promise<Outcome> {
    const resource = this.resource(typeName);
    const context = this.configured();
    try {
      if (planned === null) {
        if (prior === null) return { state: null, diagnostics: [] };
        return { state: null, diagnostics: await resource.delete(context, prior) };
      }
      if (prior === null) return await resource.create(context, planned);
      return await resource.update(context, prior, planned);
    } catch (thrown) {
      this.log.warn('apply failed', { type_name: typeName, error: thrown });
      return { state: prior, diagnostics: diagnosticsOfError(thrown, resource.schema.block) };
    }
  }

  async read(typeName: string, prior: ObjectValue): Promise<Outcome> {
    const resource = this.resource(typeName);
    try {
      return (await resource.read(this.configured(), prior)) ?? { state: null, diagnostics: [] };
    } catch (thrown) {
      return { state: prior, diagnostics: diagnosticsOfError(thrown, resource.schema.block) };
    }
  }

  async importState(typeName: string, id: string): Promise<Outcome> {
    const resource = this.resource(typeName);
    try {
      return await resource.importState(this.configured(), id);
    } catch (thrown) {
      return { state: null, diagnostics: diagnosticsOfError(thrown, undefined) };
    }
  }

  async readDataSource(typeName: string, config: ObjectValue): Promise<Outcome> {
    const dataSource = this.dataSource(typeName);
    try {
      return await dataSource.read(this.configured(), config);
    } catch (thrown) {
      return { state: null, diagnostics: diagnosticsOfError(thrown, dataSource.schema.block) };
    }
  }

  private configured(): ProviderContext {
    if (!this.context) throw new NotConfiguredError();
    return this.context;
  }
}

/** An operation before a successful ConfigureProvider: Terraform never does this, a broken host might. */
class NotConfiguredError extends Error {
  constructor() {
    super('the provider was not configured (ConfigureProvider did not succeed)');
  }
}
