/**
 * Flag keys and value types checked by the compiler: with the `FlagValues` interface that
 * `flagplane generate types` writes from a flags.yaml, a mistyped key or a default of the wrong type is a
 * compile error, and the value comes back typed. Each call goes to OpenFeature's client method for the
 * default's type (boolean, string, number, or object for Json flags).
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

function detailsOf(
  client: Client,
  key: string,
  defaultValue: FlagValue,
  context: EvaluationContext | undefined,
): Promise<EvaluationDetails<FlagValue>> {
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
): TypedFlags<Values> {
  return {
    details: (key, defaultValue, context) =>
      detailsOf(client, key, defaultValue, context) as Promise<TypedDetails<Values[typeof key]>>,
    value: async (key, defaultValue, context) =>
      (await detailsOf(client, key, defaultValue, context)).value as Values[typeof key],
  };
}
