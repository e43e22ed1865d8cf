/** The toggle load of the write scenarios, as autocannon request specs. */
import { authorization, flagKey, togglePath } from './data-file.mjs';

/**
 * Request specs for autocannon: flag i, i+1, … in turn (`flagCount` of them from `firstFlag`), each
 * toggled to the opposite of what was last sent for it (false → true first), so every request really
 * changes the document.
 */
export function toggleRequests(flagCount, firstFlag = 0) {
  const enabled = new Uint8Array(flagCount);
  let next = 0;
  return [
    {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      setupRequest(request) {
        const index = next++ % flagCount;
        enabled[index] ^= 1;
        return {
          ...request,
          path: togglePath(flagKey(firstFlag + index)),
          body: enabled[index] ? '{"enabled":true}' : '{"enabled":false}',
        };
      },
    },
  ];
}
