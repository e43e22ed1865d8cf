/**
 * §23's rules for OFREP: the flat context read as §21's, what a key may evaluate (a client-side key
 * only `clientSideVisible` flags; any other flag is "not found", like a missing one), and the bulk
 * answer's ETag and version.
 */
import { createHash } from 'node:crypto';
import type { OfrepContext } from '@flagplane/contract';
import { type EvaluationContext, type EvaluationResult, readFlatContext } from '@flagplane/evaluation';
import type { SdkKeyScope } from '../../access/sdk-key-caller.js';
import { ApiError } from '../../domain/api-error.js';
import type { StoreView } from '../../store/store.js';
import { type EnvironmentSnapshot, environmentSnapshot } from '../evaluation/environment-snapshot.js';
import type { Audience } from './ofrep-representation.js';

export interface OfrepView {
  readonly snapshot: EnvironmentSnapshot;
  readonly audience: Audience;
  readonly context: EvaluationContext;
}

export function ofrepView(view: StoreView, sdkKey: SdkKeyScope, context: OfrepContext): OfrepView {
  const snapshot = environmentSnapshot(view, sdkKey.project, sdkKey.environment);
  const visible = sdkKey.key.type === 'ClientSide' ? snapshot.clientSideKeys : null;
  return { snapshot, audience: { visible }, context: toEvaluationContext(context) };
}

/** The body's context, already checked against the contract's `OfrepContext`. */
function toEvaluationContext(context: OfrepContext): EvaluationContext {
  const reading = readFlatContext(context);
  if (!reading.ok) {
    throw new ApiError(
      'validation_failed',
      `Invalid request: context.${reading.attribute}: ${reading.message}.`,
      {
        fields: { [`context.${reading.attribute}`]: [reading.message] },
      },
    );
  }
  return reading.context;
}

/** One flag's result, or `404 FLAG_NOT_FOUND` for a flag the key cannot see, archived or missing. */
export function evaluateOne({ snapshot, audience, context }: OfrepView, flagKey: string): EvaluationResult {
  const result =
    audience.visible === null || audience.visible.has(flagKey)
      ? snapshot.evaluator.evaluate(flagKey, context)
      : null;
  if (!result) {
    throw new ApiError('not_found', `flag "${flagKey}" was not found`, {
      ofrep: { errorCode: 'FLAG_NOT_FOUND', key: flagKey },
    });
  }
  return result;
}

export function evaluateEvery({ snapshot, audience, context }: OfrepView): EvaluationResult[] {
  return audience.visible === null
    ? snapshot.evaluator.evaluateAll(context)
    : snapshot.evaluator.evaluateAll(context, audience.visible);
}

/**
 * The bulk answer's ETag: the environment's version, the key's type (what it may see) and the context
 * as sent. It changes when any of them does, and is computed without evaluating anything (a 304 is cheap).
 */
export function bulkEtag(view: OfrepView, sdkKeyType: string, context: OfrepContext): string {
  const digest = createHash('sha256')
    .update(environmentVersion(view))
    .update('\n')
    .update(sdkKeyType)
    .update('\n')
    .update(JSON.stringify(context))
    .digest('base64url');
  return `"${digest.slice(0, 32)}"`;
}

/** The environment's configuration version: its delivery document's ETag, without the quotes. */
export const environmentVersion = (view: OfrepView): string => view.snapshot.json().etag.slice(1, -1);
