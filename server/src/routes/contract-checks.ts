/** The contract's schemas at the edge of every route: inputs parsed (400), and in tests answers checked. */
import { type Endpoint, validateInput } from '@flagplane/contract';
import { invalidInput } from '../domain/api-error.js';

/** The input as the schema leaves it (defaults applied), or `400 validation_failed` naming the fields. */
export function parseInput(schema: NonNullable<Endpoint['body']>, input: unknown): unknown {
  const result = validateInput(schema, input);
  if (!result.success) throw invalidInput(result.failure);
  return result.data;
}

/** Tests: a success body that breaks the contract is a loud 500, never a quiet wrong answer. */
export function assertResponseMatchesContract(
  operationId: string,
  endpoint: Endpoint,
  result: unknown,
): void {
  const schema = endpoint.success.schema;
  const parsed = schema ? schema.safeParse(result) : { success: result === undefined, error: 'a body' };
  if (!parsed.success) {
    throw new Error(
      `${operationId} answered a body that breaks the contract: ${JSON.stringify(parsed.error)}`,
    );
  }
}
