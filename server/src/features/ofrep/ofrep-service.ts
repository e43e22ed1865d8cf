/**
 * §23's rules for OFREP: the flat context read as §21's, what a key may evaluate (a client-side key only
 * `clientSideVisible` flags; any other flag is "not found", like a missing one), the bulk answer's ETag and
 * version, and what is made once per change of the environment rather than per request: the answers of
 * the flags that no context can change (off, or one variation for everyone), as JSON text.
 */
import { hash } from 'node:crypto';
import { endpoints, type OfrepContext, type OfrepEventStream } from '@flagplane/contract';
import { type EvaluationContext, type EvaluationResult, readFlatContext } from '@flagplane/evaluation';
import type { SdkKeyScope } from '../../access/sdk-key-caller.js';
import { ApiError } from '../../domain/api-error.js';
import type { StoreView } from '../../store/store.js';
import { type EnvironmentSnapshot, environmentSnapshot } from '../evaluation/environment-snapshot.js';
import { type Audience, toOfrepItem } from './ofrep-representation.js';

/** What one key's OFREP answers are made from, derived once per change of its environment. */
export interface OfrepPlan {
  readonly snapshot: EnvironmentSnapshot;
  readonly audience: Audience;
  /** The keys of the flags the key may see, in key order (archived flags left out). */
  readonly keys: readonly string[];
  /** The flags whose answer no context can change, to evaluate per request: the others. */
  readonly contextual: readonly string[];
  /** The OFREP answer of each flag no context can change, as JSON text. */
  readonly fixed: ReadonlyMap<string, string>;
  /** The environment's configuration version: its delivery document's ETag, without the quotes. */
  readonly version: string;
  /** Bulk ETags by context text, for the clients that ask again with the same context (polling pages). */
  readonly etags: Map<string, string>;
  /** The same by the checked context itself, which the route hands again for the same body text. */
  readonly etagsByContext: WeakMap<OfrepContext, string>;
}

/** How many contexts' ETags a plan remembers (oldest first out): a few hundred KB at most. */
const rememberedEtags = 4096;

export function ofrepPlan(view: StoreView, sdkKey: SdkKeyScope): OfrepPlan {
  const snapshot = environmentSnapshot(view, sdkKey.project, sdkKey.environment);
  const clientSide = sdkKey.key.type === 'ClientSide';
  return snapshot.derived(clientSide ? 'ofrep:client-side' : 'ofrep:server-side', () => {
    const audience: Audience = { visible: clientSide ? snapshot.clientSideKeys : null };
    const keys = snapshot.evaluator.keys().filter((key) => audience.visible?.has(key) ?? true);
    const fixed = new Map<string, string>();
    for (const key of keys) {
      if (snapshot.evaluator.dependsOnContext(key)) continue;
      const result = snapshot.evaluator.evaluate(key, {}) as EvaluationResult;
      fixed.set(key, JSON.stringify(toOfrepItem(result, audience)));
    }
    const contextual = keys.filter((key) => !fixed.has(key));
    const version = snapshot.version();
    return {
      snapshot,
      audience,
      keys,
      contextual,
      fixed,
      version,
      etags: new Map<string, string>(),
      etagsByContext: new WeakMap<OfrepContext, string>(),
    };
  });
}

/** The body's context, already checked against the contract's `OfrepContext`, as §21's context. */
export function evaluationContextOf(context: OfrepContext): EvaluationContext {
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

/** `404 FLAG_NOT_FOUND` for a flag the key cannot see, archived or missing (§23: whatever the context). */
export function refuseUnknownFlag(plan: OfrepPlan, flagKey: string): void {
  if (plan.snapshot.evaluator.has(flagKey) && (plan.audience.visible?.has(flagKey) ?? true)) return;
  throw new ApiError('not_found', `flag "${flagKey}" was not found`, {
    ofrep: { errorCode: 'FLAG_NOT_FOUND', key: flagKey },
  });
}

/**
 * §24 and OFREP's ADR-0008: where the key's change stream is, relative to the address the provider was
 * given. A browser's EventSource sends no headers, so a client-side key goes in the URL (the server takes
 * it out before anything logs it); a server-side key never does, its clients send it as a header.
 */
export function eventStreamsFor(sdkKey: SdkKeyScope, key: string): OfrepEventStream[] {
  const requestUri =
    sdkKey.key.type === 'ClientSide' ? `${streamPath}?key=${encodeURIComponent(key)}` : streamPath;
  return [{ type: 'sse', endpoint: { requestUri }, inactivityDelaySec: 120 }];
}

const streamPath = endpoints.streamSdkChanges.path;

/** Every flag's answer as JSON text, in key order: the fixed ones as they are, the others evaluated now. */
export function bulkAnswerText(
  plan: OfrepPlan,
  context: OfrepContext,
  environment: string,
  eventStreams: readonly OfrepEventStream[],
): string {
  let evaluated: Map<string, EvaluationResult> | undefined;
  if (plan.contextual.length > 0) {
    const results = plan.snapshot.evaluator.evaluateAll(evaluationContextOf(context), plan.contextual);
    evaluated = new Map(results.map((result) => [result.flagKey, result]));
  }
  const flags = plan.keys.map(
    (key) =>
      plan.fixed.get(key) ??
      JSON.stringify(toOfrepItem(evaluated?.get(key) as EvaluationResult, plan.audience)),
  );
  const metadata = JSON.stringify({ environment, version: plan.version });
  return `{"flags":[${flags.join(',')}],"metadata":${metadata},"eventStreams":${JSON.stringify(eventStreams)}}`;
}

/**
 * The bulk answer's ETag: the environment's version, the key's type (what it may see) and the context
 * as sent. It changes when any of them does, and is computed without evaluating anything (a 304 is cheap).
 */
export function bulkEtag(plan: OfrepPlan, sdkKeyType: string, context: OfrepContext): string {
  const same = plan.etagsByContext.get(context);
  if (same !== undefined) return same;
  // The plan is one key type's (`ofrepPlan`), so the context's text alone names an ETag in it.
  const text = JSON.stringify(context);
  const known = plan.etags.get(text);
  if (known !== undefined) {
    plan.etagsByContext.set(context, known);
    return known;
  }
  // One-shot hashing: a quarter of the cost of a Hash object.
  const etag = `"${hash('sha256', `${plan.version}\n${sdkKeyType}\n${text}`, 'base64url').slice(0, 32)}"`;
  if (plan.etags.size >= rememberedEtags) plan.etags.delete(plan.etags.keys().next().value as string);
  plan.etags.set(text, etag);
  plan.etagsByContext.set(context, etag);
  return etag;
}
