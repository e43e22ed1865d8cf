/**
 * The size limit of request bodies (§3 of the API): the server reads at most 1 MiB of JSON, counted in
 * UTF-8 bytes, and answers one byte more with 413 `payload_too_large`. The SDK measures the JSON it is
 * about to send against the same limit, so a body that can never succeed is refused without a request.
 */

// The zod-free entry: sending a body must not build the contract's schemas.
import { limits } from '@flagplane/contract/format-rules';

/** 1 MiB, 1,048,576 bytes: the contract's limit, which the server enforces. */
export const maxRequestBodyBytes = limits.requestBodyBytes;

const encoder = new TextEncoder();

/** The size of `json` in UTF-8 bytes when it is over `maxRequestBodyBytes`; null when it fits. */
export function oversizedBodyBytes(json: string): number | null {
  // A UTF-16 code unit is 1 to 3 UTF-8 bytes, so the length alone clears most bodies without encoding.
  if (json.length * 3 <= maxRequestBodyBytes) return null;
  const bytes = encoder.encode(json).byteLength;
  return bytes > maxRequestBodyBytes ? bytes : null;
}
