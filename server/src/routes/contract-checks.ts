/** The contract's schemas at the edge of every route: inputs parsed (400), and in tests answers checked. */
import { type Endpoint, validateInput } from '@flagplane/contract';
import { invalidInput } from '../domain/api-error.js';

/** The input as the schema leaves it (defaults applied), or `400 validation_failed` naming the fields. */
export function parseInput(schema: NonNullable<Endpoint['body']>, input: unknown): unknown {
  const result = validateInput(schema, input);
  if (!result.success) throw invalidInput(result.failure);
  return result.data;
}

/**
 * Query strings parsed once each: clients ask for the same few URLs again and again (a list's first
 * page, a poll), and the schema's answer for one query string never changes. The parsed values are
 * frozen, since every request with that query string shares them. At most `capacity` are kept; a
 * query string that fails is never kept (it is parsed, and refused, each time).
 */
export class ParsedQueries {
  readonly #parsed = new Map<string, unknown>();

  constructor(
    private readonly schema: NonNullable<Endpoint['query']>,
    private readonly capacity = 256,
  ) {}

  /** `rawQuery` is the URL's query string exactly as sent; `query` is Fastify's parse of it. */
  parse(rawQuery: string, query: unknown): unknown {
    const known = this.#parsed.get(rawQuery);
    if (known !== undefined) return known;
    const parsed = deepFreeze(parseInput(this.schema, query));
    if (this.#parsed.size >= this.capacity) this.#parsed.clear();
    this.#parsed.set(rawQuery, parsed);
    return parsed;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
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
