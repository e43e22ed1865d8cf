/**
 * Opaque cursors (§6): the position after the last item of a page, bound to one list and signed with a
 * secret kept in the data file, so a cursor the server did not make, or made for another list, is a 400.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalidField } from '../domain/api-error.js';

export type SortKey = readonly (string | number)[];

interface CursorPayload {
  /** The list the cursor belongs to. */
  readonly l: string;
  /** The sort key of the last item returned. */
  readonly a: SortKey;
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function encodeCursor(secret: string, listId: string, after: SortKey): string {
  const payload = Buffer.from(JSON.stringify({ l: listId, a: after } satisfies CursorPayload)).toString(
    'base64url',
  );
  return `${payload}.${sign(secret, payload)}`;
}

/** The sort key a cursor points after, or a 400 `validation_failed` naming `cursor`. */
export function decodeCursor(secret: string, listId: string, cursor: string): SortKey {
  const refuse = () => invalidField('cursor', 'is not a cursor of this list');
  const [payload, signature, ...rest] = cursor.split('.');
  if (!payload || !signature || rest.length > 0) throw refuse();
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refuse();
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CursorPayload;
  if (decoded.l !== listId || !Array.isArray(decoded.a)) throw refuse();
  return decoded.a;
}
