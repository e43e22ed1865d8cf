/**
 * `--context`: §21's context as JSON (`{"key":"user-1","attributes":{"country":"NL"}}`), or a bare key
 * (`user-1`). Checked with the contract's schema before any request, every problem named.
 */
import { EvaluationContext } from '@flagplane/contract';
import { UsageError } from '../shared/global-options.js';

export function contextArgument(text: string): EvaluationContext {
  const trimmed = text.trim();
  let value: unknown;
  if (trimmed.startsWith('{')) {
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      throw new UsageError(`--context is not valid JSON: ${(error as Error).message}`);
    }
  } else {
    value = { key: trimmed };
  }
  const parsed = EvaluationContext.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${['context', ...issue.path].join('.')}: ${issue.message}`,
    );
    throw new UsageError(`--context is not a valid context: ${problems.join('; ')}`);
  }
  return parsed.data;
}
