/**
 * A segment's list of context keys (included, excluded): the same limits and de-duplication in a request
 * body and in a desired state. Its own module, so the desired-state validator loads it without the
 * segment's API schemas.
 */
import * as z from 'zod';
import { limits } from '../formats.js';

export const ContextKeys = z
  .array(z.string().min(1, 'must not be empty').max(limits.conditionValueLength))
  .max(limits.segmentContextKeys, `at most ${limits.segmentContextKeys} context keys`)
  .transform((keys) => [...new Set(keys)]);
