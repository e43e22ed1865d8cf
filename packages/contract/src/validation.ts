/**
 * Validation with the server's error semantics (§3), shared by every package: a failure gives the
 * `fields` of a 400 `validation_failed` (dotted paths → messages) and, where it helps, `did_you_mean`.
 */
import * as z from 'zod';
import { closestMatches, editDistance } from './edit-distance.js';

export interface ValidationFailure {
  /** One line naming the first problem, with a count of the others. */
  readonly message: string;
  readonly fields: Record<string, string[]>;
  readonly didYouMean?: string[];
}

export type ValidationResult<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly failure: ValidationFailure };

/** The field name of a body-level problem (the body is not an object at all, say). */
export const bodyField = 'body';

export function validateInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): ValidationResult<z.output<Schema>> {
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  return { success: false, failure: describeIssues(result.error.issues, input, knownKeysOf(schema)) };
}

export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  knownKeys: readonly string[] = [],
): ValidationFailure {
  const fields: Record<string, string[]> = {};
  const suggestions = new Set<string>();
  for (const issue of issues) {
    const path = issue.path.length === 0 ? bodyField : issue.path.map(String).join('.');
    // A missing enum property is reported by zod as a bad value; for the caller it is simply missing.
    const missing =
      (issue.code === 'invalid_type' || issue.code === 'invalid_value') &&
      valueAt(input, issue.path) === undefined;
    const message = missing ? 'is required' : issue.message;
    const messages = fields[path] ?? [];
    messages.push(message);
    fields[path] = messages;
    for (const suggestion of suggestionsFor(issue, input, knownKeys, missing)) suggestions.add(suggestion);
  }
  const [firstPath, firstMessages] = Object.entries(fields)[0] ?? [bodyField, ['is invalid']];
  const others = Object.keys(fields).length - 1;
  const message = `Invalid request: ${firstPath}: ${firstMessages[0]}${others > 0 ? ` (and ${others} more)` : ''}.`;
  return suggestions.size > 0 ? { message, fields, didYouMean: [...suggestions] } : { message, fields };
}

function suggestionsFor(
  issue: z.core.$ZodIssue,
  input: unknown,
  knownKeys: readonly string[],
  missing: boolean,
): string[] {
  if (issue.code === 'custom' && Array.isArray(issue.params?.didYouMean)) {
    return issue.params.didYouMean.filter((entry): entry is string => typeof entry === 'string');
  }
  const received = valueAt(input, issue.path);
  if (issue.code === 'invalid_value' && typeof received === 'string') {
    const allowed = issue.values.filter((value): value is string => typeof value === 'string');
    return closestMatches(received, allowed, { maxDistance: 3, max: 3 });
  }
  // A query filter that takes one value or a list (`resourceKind=Flg`): the enum's issue is inside the
  // union's, at the union's own path.
  if (issue.code === 'invalid_union' && typeof received === 'string') {
    const allowed = issue.errors
      .flat()
      .flatMap((inner) => (inner.code === 'invalid_value' && inner.path.length === 0 ? inner.values : []))
      .filter((value): value is string => typeof value === 'string');
    return closestMatches(received, allowed, { maxDistance: 3, max: 3 });
  }
  // `{"enable": true}` for a required `enabled`: name the property the caller probably meant.
  if (missing && issue.path.length === 1 && isPlainObject(input)) {
    const wanted = String(issue.path[0]);
    const unknownKeys = Object.keys(input).filter((key) => !knownKeys.includes(key));
    return unknownKeys.some((key) => editDistance(key, wanted) <= 2) ? [wanted] : [];
  }
  return [];
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The property names an object schema declares (looking through pipes and refinements). */
export function knownKeysOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return knownKeysOf(schema.in as z.ZodType);
  return [];
}
