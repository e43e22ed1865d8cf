/**
 * The rules of §21's delivery paths: which environment an SDK key reads (a key revoked or an environment
 * deleted since authentication: 401), which key types an operation takes, and what each key type is
 * served. HTTP (headers, 304s) stays in delivery-handlers.ts.
 */
import { deliveryEndpoints, deliveryPaths, type EvaluationResultShape } from '@flagplane/contract';
import type { EvaluationContext } from '@flagplane/evaluation';
import type { SdkKeyCaller } from '../../access/sdk-key-caller.js';
import { ApiError } from '../../domain/api-error.js';
import type { StoreView } from '../../store/store.js';
import { environmentSnapshot } from '../evaluation/environment-snapshot.js';
import { forClientSide } from './delivery-representation.js';

/** The caller's environment as this read sees it. */
function currentEnvironment(view: StoreView, caller: SdkKeyCaller) {
  const key = view.get('sdkKeys', caller.key.id);
  const environment = view.get('environments', caller.environment.id);
  const project = environment ? view.get('projects', environment.projectId) : undefined;
  if (!key?.isActive || !environment || !project) {
    throw new ApiError('unauthorized', 'The SDK key is invalid or revoked.');
  }
  return { environment, project };
}

/** `GET /api/v1/sdk/flags` is for server-side keys: a client-side key must not download every flag. */
export function refuseClientSideDownload(caller: SdkKeyCaller): void {
  if (!(deliveryEndpoints.getSdkFlags.keyTypes as readonly string[]).includes(caller.key.type)) {
    throw new ApiError(
      'forbidden',
      `GET ${deliveryPaths.flags} needs a server-side SDK key (fp_srv_…); a client-side key may POST ${deliveryPaths.evaluate}.`,
    );
  }
}

/** The environment's flags document as JSON text, with its ETag (derived once per change). */
export function sdkFlagsDocument(view: StoreView, caller: SdkKeyCaller): { text: string; etag: string } {
  const { project, environment } = currentEnvironment(view, caller);
  return environmentSnapshot(view, project, environment).json();
}

/** What `context` is served: every flag for a server-side key, the `clientSideVisible` ones otherwise. */
export function evaluateForKey(
  view: StoreView,
  caller: SdkKeyCaller,
  context: EvaluationContext,
): EvaluationResultShape[] {
  const { project, environment } = currentEnvironment(view, caller);
  const { document, evaluator } = environmentSnapshot(view, project, environment);
  if (caller.key.type !== 'ClientSide') return evaluator.evaluateAll(context);
  const visible = new Set(document.flags.filter((flag) => flag.clientSideVisible).map((flag) => flag.key));
  return evaluator.evaluateAll(context, [...visible]).map((result) => forClientSide(result, visible));
}
