/**
 * Flag keys and value types checked by the compiler: with the `FlagValues` interface that
 * `flagplane generate types` writes from a flags.yaml, a mistyped key or a default of the wrong type is a
 * compile error, and the value comes back typed. Each call goes to OpenFeature's client method for the
 * default's type (boolean, string, number, or object), and for the flags `types` marks Json (the
 * generated `flagTypes`) always to the object method, since JSON may be a string or a number too.
 */
import type { Client, EvaluationContext, EvaluationDetails, JsonValue } from '@openfeature/server-sdk';

export type FlagValue = boolean | string | number | JsonValue;

/** OpenFeature's details, with the value typed as the flag's. */
export type TypedDetails<Value> = Omit<EvaluationDetails<FlagValue>, 'value'> & { readonly value: Value };

export interface TypedFlags<Values> {
  value<K extends keyof Values & string>(
    key: K,
    defaultValue: Values[K],
    context?: EvaluationContext,
  ): Promise<Values[K]>;
  details<K extends keyof Values & string>(
    key: K,
    defaultValue: Values[K],
    context?: EvaluationContext,
  ): Promise<TypedDetails<Values[K]>>;
}

/** Each flag's type, as `flagplane generate types` writes it (`flagTypes`): routes Json flags whatever the default. */
export type FlagTypes<Values> = { readonly [K in keyof Values]?: 'Boolean' | 'String' | 'Number' | 'Json' };

function detailsOf(
  client: Client,
  key: string,
  defaultValue: FlagValue,
  context: EvaluationContext | undefined,
  json: boolean,
): Promise<EvaluationDetails<FlagValue>> {
  // A Json flag may serve a string or a number too: its default's type does not say which method to ask.
  if (json) return client.getObjectDetails(key, defaultValue as JsonValue, context);
  switch (typeof defaultValue) {
    case 'boolean':
      return client.getBooleanDetails(key, defaultValue, context);
    case 'string':
      return client.getStringDetails(key, defaultValue, context);
    case 'number':
      return client.getNumberDetails(key, defaultValue, context);
    default:
      return client.getObjectDetails(key, defaultValue, context);
  }
}

export function typedFlags<Values extends { [K in keyof Values]: FlagValue }>(
  client: Client,
  types: FlagTypes<Values> = {},
): TypedFlags<Values> {
  const isJson = (key: keyof Values) => types[key] === 'Json';
  return {
    details: (key, defaultValue, context) =>
      detailsOf(client, key, defaultValue, context, isJson(key)) as Promise<TypedDetails<Values[typeof key]>>,
    value: async (key, defaultValue, context) =>
      (await detailsOf(client, key, defaultValue, context, isJson(key))).value as Values[typeof key],
  };
}
