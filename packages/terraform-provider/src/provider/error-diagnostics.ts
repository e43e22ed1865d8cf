/**
 * An error an operation threw, as diagnostics: the SDK's typed errors say what happened in the user's
 * terms (an invalid value on its attribute, a missing resource, a refused token, an unreachable server);
 * anything else is a fault of the provider, reported as one. Messages never hold the token: the SDK keeps
 * it out of its errors, and the log scrubs it besides.
 */
import {
  ApiError,
  ConflictError,
  ConnectionError,
  FlagplaneError,
  ForbiddenError,
  NotFoundError,
  RateLimitError,
  UnauthorizedError,
  ValidationError,
} from '@flagplane/sdk';
import { type Diagnostic, error } from '../diagnostics.js';
import { ImportIdError } from '../resources/resource.js';
import type { BlockSpec } from '../schema/model.js';
import { fieldDiagnostic } from '../schema/paths.js';

export function diagnosticsOfError(thrown: unknown, block: BlockSpec | undefined): Diagnostic[] {
  if (thrown instanceof ValidationError) {
    const fields = Object.entries(thrown.fields ?? {});
    if (fields.length === 0) return [error('The server refused the change', thrown.message)];
    return fields.flatMap(([field, messages]) =>
      messages.map((message) => fieldDiagnostic(block, field, message)),
    );
  }
  if (thrown instanceof ImportIdError) return [error('Invalid import ID', thrown.message)];
  if (thrown instanceof UnauthorizedError) {
    return [
      error(
        'The Flagplane server refused the token',
        `${thrown.message}\nCheck the provider's token (or FLAGPLANE_TOKEN): it must be a personal access token (fp_pat_…) or a service token (fp_svc_…) that is neither revoked nor expired.`,
      ),
    ];
  }
  if (thrown instanceof ForbiddenError) return [error('Not allowed', thrown.message)];
  if (thrown instanceof NotFoundError) return [error('Not found', thrown.message)];
  if (thrown instanceof ConflictError) return [error('Already exists', thrown.message)];
  if (thrown instanceof RateLimitError) {
    return [
      error(
        'Rate limited',
        `${thrown.message}\nThe provider already waited and retried; lower -parallelism or raise the server's limit.`,
      ),
    ];
  }
  if (thrown instanceof ConnectionError) return [error('Cannot reach the Flagplane server', thrown.message)];
  if (thrown instanceof ApiError)
    return [error(`The Flagplane server answered ${thrown.status}`, thrown.message)];
  if (thrown instanceof FlagplaneError) return [error('Flagplane client error', thrown.message)];
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return [
    error(
      'Internal error in the Flagplane provider',
      `${message}\nThis is a fault of the provider, not of your configuration; please report it with the log (TF_LOG_PROVIDER=DEBUG).`,
    ),
  ];
}
