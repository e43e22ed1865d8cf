/** §2: a variation's value is checked against its flag's type. */
import { limits, patterns } from '../formats.js';
import type { FlagType } from './enums.js';

export function variationValueProblem(type: FlagType, value: string): string | null {
  if (Buffer.byteLength(value, 'utf8') > limits.variationValueBytes) {
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
