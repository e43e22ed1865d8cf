/**
 * Under a key the API refused as taken (409, §2): a link to what holds it, from the answer's own
 * `next_actions` (the `GET` of the existing resource), so it names the key that was refused, not what
 * the input holds since. Used by the forms that create a project or a flag, whose API paths the console's
 * own addresses mirror (`/api/v1/orgs/…` → `/console/orgs/…`).
 */
import { ConflictError } from '@flagplane/sdk';

const apiPrefix = '/api/v1/orgs/';

export function KeyTakenLink({
  error,
  what,
}: {
  readonly error: unknown;
  readonly what: 'project' | 'flag';
}) {
  if (!(error instanceof ConflictError)) return null;
  const existing = error.nextActions.find((action) => action.method === 'GET')?.path;
  if (!existing?.startsWith(apiPrefix)) return null;
  const key = decodeURIComponent(existing.slice(existing.lastIndexOf('/') + 1));
  return (
    <p class="muted">
      <a href={`/console/orgs/${existing.slice(apiPrefix.length)}`}>
        Open {what} {key}
      </a>
    </p>
  );
}
