/**
 * §21's delivery paths, for applications holding an SDK key: `GET /api/v1/sdk/flags` (server-side keys:
 * everything local evaluation needs, with an ETag) and `POST /api/v1/sdk/evaluate` (a client-side key
 * sees only `clientSideVisible` flags). Routed by the one loop (routes/register-sdk-key-operation.ts),
 * which checks the key's type and answers the 304; the rules are in delivery-service.ts.
 */
import type { SdkKeyOperationHandler } from '../../routes/operation-handler.js';
import { SerializedJson } from '../../routes/serialized-json.js';
import { environmentSnapshot } from '../evaluation/environment-snapshot.js';
import { toEvaluationResults } from '../evaluation/evaluation-representation.js';
import { evaluateForKey } from './delivery-service.js';

export const getSdkFlags: SdkKeyOperationHandler<'getSdkFlags'> = ({ store, sdkKey }) => {
  const json = environmentSnapshot(store, sdkKey.project, sdkKey.environment).json();
  return { etag: json.etag, body: () => new SerializedJson(json.text) };
};

export const evaluateForSdk: SdkKeyOperationHandler<'evaluateForSdk'> = ({ store, sdkKey, body }) =>
  toEvaluationResults(evaluateForKey(store, sdkKey, body.context));
