/**
 * zod's issues, rewritten as desired-state problems: one per place, in words about the file (an unknown
 * property names the closest known one, a bad enum value the closest allowed name).
 */
import * as z from 'zod';
import {
  type DesiredStateProblem,
  didYouMean,
  type PathSegment,
  problemAt,
} from './desired-state-problem.js';
import { likelyMeant } from './reference-messages.js';

export function schemaProblems(
  schema: z.ZodType,
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
): DesiredStateProblem[] {
  return issues.flatMap((issue) => problemsOf(schema, issue, input));
}

function problemsOf(schema: z.ZodType, issue: z.core.$ZodIssue, input: unknown): DesiredStateProblem[] {
  const path = issue.path.filter((segment): segment is PathSegment => typeof segment !== 'symbol');
  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = knownProperties(schemaAt(schema, path));
      return issue.keys.map((key) =>
        problemAt([...path, key], `unknown property${didYouMean(likelyMeant(key, known))}`),
      );
    }
    case 'invalid_type': {
      const received = valueAt(input, path);
      if (received === undefined) return [problemAt(path, 'is required')];
      // YAML reads `value: 50` and `value: true` as a number and a boolean; the document wants their text.
      const quote =
        issue.expected === 'string' && (typeof received === 'number' || typeof received === 'boolean')
          ? `: quote it ("${String(received)}") so that it is read as text`
          : '';
      return [problemAt(path, `expected ${issue.expected}, received ${describeValue(received)}${quote}`)];
    }
    case 'invalid_value': {
      const received = valueAt(input, path);
      const allowed = issue.values.map(String);
      const suggestion = typeof received === 'string' ? likelyMeant(received, allowed) : [];
      const expected = allowed.length === 1 ? allowed[0] : `one of ${allowed.join(', ')}`;
      return [
        problemAt(path, `expected ${expected}, received ${describeValue(received)}${didYouMean(suggestion)}`),
      ];
    }
    case 'invalid_key': {
      const key = path[path.length - 1];
      return issue.issues.map((inner) => problemAt(path, `key "${String(key)}" ${inner.message}`));
    }
    case 'invalid_union':
      return [problemAt(path, 'does not match any allowed form')];
    default:
      return [problemAt(path, issue.message)];
  }
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === 'object') return 'an object';
  return typeof value === 'number' || typeof value === 'boolean' ? `${typeof value} ${value}` : typeof value;
}

function valueAt(input: unknown, path: readonly PathSegment[]): unknown {
  let current = input;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PathSegment, unknown>)[segment];
  }
  return current;
}

/** The schema that validates the value at `path`, looking through optional, default, pipe wrappers. */
function schemaAt(schema: z.ZodType, path: readonly PathSegment[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = unwrap(schema);
  for (const segment of path) {
    if (current instanceof z.ZodObject && typeof segment === 'string') {
      current = current.shape[segment] as z.ZodType | undefined;
    } else if (current instanceof z.ZodArray) {
      current = current.element as z.ZodType;
    } else if (current instanceof z.ZodRecord) {
      current = current.valueType as z.ZodType;
    } else {
      return undefined;
    }
    current = current && unwrap(current);
  }
  return current;
}

function unwrap(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return unwrap(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodPipe) return unwrap(schema.in as z.ZodType);
  return schema;
}

function knownProperties(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}
