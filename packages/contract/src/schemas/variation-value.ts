/** §2: a variation's value is checked against its flag's type. */
import * as z from 'zod';
import { limits, patterns, utf8ByteLength } from '../formats.js';
import type { FlagType } from './enums.js';

// Here rather than with the flag's request bodies: the desired-state validator needs it without them.
export const VariationValue = z
  .string()
  .refine((value) => utf8ByteLength(value) <= limits.variationValueBytes, {
    message: `must be at most ${limits.variationValueBytes} bytes`,
  })
  .meta({
    // JSON Schema counts characters, never fewer than UTF-8 bytes: the byte limit bounds them too.
    maxLength: limits.variationValueBytes,
    description: `At most ${limits.variationValueBytes} bytes of UTF-8; checked against the flag's type.`,
  });

export function variationValueProblem(type: FlagType, value: string): string | null {
  if (utf8ByteLength(value) > limits.variationValueBytes) {
    return `must be at most ${limits.variationValueBytes} bytes`;
  }
  switch (type) {
    case 'Boolean':
      return value === 'true' || value === 'false' ? null : 'a Boolean value is exactly "true" or "false"';
    case 'Number':
      return patterns.jsonNumber.test(value) && Number.isFinite(Number(value))
        ? null
        : 'a Number value is the text of a finite JSON number';
    case 'Json':
      try {
        JSON.parse(value);
        return null;
      } catch {
        return 'a Json value is valid JSON text';
      }
    case 'String':
      return null;
  }
}
