/**
 * The rules of §21's delivery paths: what each key type is served. HTTP (key types, headers, 304s) is
 * the route loop's (routes/register-sdk-key-operation.ts).
 */
import type { EvaluationResultShape } from '@flagplane/contract';
import type { EvaluationContext } from '@flagplane/evaluation';
import type { SdkKeyScope } from '../../access/sdk-key-caller.js';
import type { StoreView } from '../../store/store.js';
import { environmentSnapshot } from '../evaluation/environment-snapshot.js';
import { forClientSide } from './delivery-representation.js';

/** What `context` is served: every flag for a server-side key, the `clientSideVisible` ones otherwise. */
export function evaluateForKey(
  view: StoreView,
  sdkKey: SdkKeyScope,
  context: EvaluationContext,
): EvaluationResultShape[] {
  const { evaluator, clientSideKeys } = environmentSnapshot(view, sdkKey.project, sdkKey.environment);
  if (sdkKey.key.type !== 'ClientSide') return evaluator.evaluateAll(context);
  return evaluator
    .evaluateAll(context, clientSideKeys)
    .map((result) => forClientSide(result, clientSideKeys));
}
