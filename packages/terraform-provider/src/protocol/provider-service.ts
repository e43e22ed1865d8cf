/**
 * The `tfplugin6.Provider` gRPC service: each method decodes its request's values with the schema of the
 * type it names, asks the provider, and encodes the answer. A method never fails at the gRPC level for
 * something the user can fix: every problem travels as a diagnostic, which Terraform shows with the
 * configuration line it concerns. Values are never logged (a provider configuration holds the token).
 */
import type * as grpc from '@grpc/grpc-js';
import { attributePathMessage, type Diagnostic, diagnosticMessage, error } from '../diagnostics.js';
import type { FlagplaneProvider } from '../provider/provider.js';
import type { ObjectValue } from '../resources/resource.js';
import { impliedType, type SchemaSpec } from '../schema/model.js';
import { schemaMessage } from '../schema/proto-schema.js';
import { type DynamicValueMessage, decodeDynamicValue, encodeDynamicValue } from '../values/value-codec.js';

// Messages as @grpc/proto-loader gives and takes them (keepCase: field names as the .proto spells them).
type Message = Record<string, unknown>;
type Handler = (request: Message) => Promise<Message> | Message;

const capabilities = {
  // Terraform plans destroys with the provider too, so the plan can say "archived, not deleted".
  plan_destroy: true,
  get_provider_schema_optional: false,
  move_resource_state: false,
};

export function providerServiceHandlers(provider: FlagplaneProvider): grpc.UntypedServiceImplementation {
  const { log } = provider;
  const resourceSchema = (typeName: unknown) => provider.resource(String(typeName)).schema;
  const dataSourceSchema = (typeName: unknown) => provider.dataSource(String(typeName)).schema;
  const decode = (schema: SchemaSpec, value: unknown) =>
    decodeDynamicValue(impliedType(schema.block), value as DynamicValueMessage) as ObjectValue | null;
  const encode = (schema: SchemaSpec, value: ObjectValue | null) =>
    encodeDynamicValue(impliedType(schema.block), value);
  const diagnostics = (list: readonly Diagnostic[]) => list.map(diagnosticMessage);

  const handlers: Record<string, { handler: Handler; diagnosticsField: string }> = {
    GetMetadata: {
      diagnosticsField: 'diagnostics',
      handler: () => ({
        server_capabilities: capabilities,
        resources: provider.resourceTypes().map(({ typeName }) => ({ type_name: typeName })),
        data_sources: provider.dataSourceTypes().map(({ typeName }) => ({ type_name: typeName })),
      }),
    },
    GetProviderSchema: {
      diagnosticsField: 'diagnostics',
      handler: () => ({
        provider: schemaMessage(provider.providerSchema),
        resource_schemas: Object.fromEntries(
          provider.resourceTypes().map(({ typeName, schema }) => [typeName, schemaMessage(schema)]),
        ),
        data_source_schemas: Object.fromEntries(
          provider.dataSourceTypes().map(({ typeName, schema }) => [typeName, schemaMessage(schema)]),
        ),
        server_capabilities: capabilities,
      }),
    },
    ValidateProviderConfig: {
      diagnosticsField: 'diagnostics',
      handler: (request) => {
        const config = decode(provider.providerSchema, request.config) ?? {};
        return { diagnostics: diagnostics(provider.validateProviderConfig(config)) };
      },
    },
    ConfigureProvider: {
      diagnosticsField: 'diagnostics',
      handler: (request) => {
        const config = decode(provider.providerSchema, request.config) ?? {};
        log.debug('ConfigureProvider', { terraform_version: request.terraform_version });
        return { diagnostics: diagnostics(provider.configure(config)) };
      },
    },
    ValidateResourceConfig: {
      diagnosticsField: 'diagnostics',
      handler: (request) => {
        const config = decode(resourceSchema(request.type_name), request.config) ?? {};
        return { diagnostics: diagnostics(provider.validateResource(String(request.type_name), config)) };
      },
    },
    ValidateDataResourceConfig: {
      diagnosticsField: 'diagnostics',
      handler: (request) => {
        const config = decode(dataSourceSchema(request.type_name), request.config) ?? {};
        return { diagnostics: diagnostics(provider.validateDataSource(String(request.type_name), config)) };
      },
    },
    UpgradeResourceState: {
      diagnosticsField: 'diagnostics',
      handler: (request) => {
        const schema = resourceSchema(request.type_name);
        const raw = request.raw_state as { json?: Uint8Array } | null;
        const json = raw?.json && raw.json.length > 0 ? Buffer.from(raw.json).toString('utf8') : 'null';
        const upgraded = provider.upgradeState(String(request.type_name), Number(request.version ?? 0), json);
        return { upgraded_state: encode(schema, upgraded) };
      },
    },
    ReadResource: {
      diagnosticsField: 'diagnostics',
      handler: async (request) => {
        const schema = resourceSchema(request.type_name);
        const prior = decode(schema, request.current_state);
        if (prior === null) return { new_state: encode(schema, null) };
        const outcome = await provider.read(String(request.type_name), prior);
        return {
          new_state: encode(schema, outcome.state),
          diagnostics: diagnostics(outcome.diagnostics),
          private: request.private,
        };
      },
    },
    PlanResourceChange: {
      diagnosticsField: 'diagnostics',
      handler: async (request) => {
        const schema = resourceSchema(request.type_name);
        const prior = decode(schema, request.prior_state);
        const proposed = decode(schema, request.proposed_new_state);
        const config = proposed === null ? null : decode(schema, request.config);
        const outcome = await provider.plan(String(request.type_name), prior, config);
        return {
          planned_state: encode(schema, outcome.planned),
          requires_replace: outcome.requiresReplace.map(attributePathMessage),
          planned_private: request.prior_private,
          diagnostics: diagnostics(outcome.diagnostics),
        };
      },
    },
    ApplyResourceChange: {
      diagnosticsField: 'diagnostics',
      handler: async (request) => {
        const schema = resourceSchema(request.type_name);
        const prior = decode(schema, request.prior_state);
        const planned = decode(schema, request.planned_state);
        const outcome = await provider.apply(String(request.type_name), prior, planned);
        return { new_state: encode(schema, outcome.state), diagnostics: diagnostics(outcome.diagnostics) };
      },
    },
    ImportResourceState: {
      diagnosticsField: 'diagnostics',
      handler: async (request) => {
        const typeName = String(request.type_name);
        const schema = resourceSchema(typeName);
        const outcome = await provider.importState(typeName, String(request.id));
        return {
          imported_resources: outcome.state
            ? [{ type_name: typeName, state: encode(schema, outcome.state) }]
            : [],
          diagnostics: diagnostics(outcome.diagnostics),
        };
      },
    },
    ReadDataSource: {
      diagnosticsField: 'diagnostics',
      handler: async (request) => {
        const schema = dataSourceSchema(request.type_name);
        const config = decode(schema, request.config) ?? {};
        const outcome = await provider.readDataSource(String(request.type_name), config);
        return { state: encode(schema, outcome.state), diagnostics: diagnostics(outcome.diagnostics) };
      },
    },
    GetFunctions: {
      diagnosticsField: 'diagnostics',
      handler: () => ({}),
    },
    StopProvider: {
      // StopProvider answers a text, not diagnostics.
      diagnosticsField: '',
      handler: () => ({ Error: '' }),
    },
  };

  return Object.fromEntries(
    Object.entries(handlers).map(([method, { handler, diagnosticsField }]) => [
      method,
      (call: grpc.ServerUnaryCall<Message, Message>, callback: grpc.sendUnaryData<Message>) => {
        const started = performance.now();
        log.trace(`rpc ${method} start`, { type_name: call.request.type_name });
        Promise.resolve()
          .then(() => handler(call.request))
          .catch((thrown: unknown) => {
            // A fault of the provider (or a malformed request): still an answer Terraform can show.
            log.error(`rpc ${method} failed`, { error: thrown });
            const message = thrown instanceof Error ? thrown.message : String(thrown);
            const problem = error('Internal error in the Flagplane provider', `${method}: ${message}`);
            return diagnosticsField
              ? { [diagnosticsField]: [diagnosticMessage(problem)] }
              : { Error: message };
          })
          .then((response) => {
            log.trace(`rpc ${method} done`, { milliseconds: Math.round(performance.now() - started) });
            callback(null, response);
          });
      },
    ]),
  );
}
