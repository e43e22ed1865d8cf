/**
 * The Flagplane OpenFeature server provider. Flags are evaluated in this process by
 * `@flagplane/evaluation` (the evaluator the server uses), from an environment downloaded with a
 * server-side SDK key and kept current (server-source.ts), or from a desired-state document with no server
 * at all, watched on disk (document-source.ts). Statuses and events follow §23 (provider-status.ts).
 *
 * Never throws while evaluating: an unknown flag, a value of another type, a context it cannot read, a
 * percentage rollout without a targeting key, no data yet, or a flag it cannot interpret all answer the
 * caller's default with OpenFeature's reason `ERROR` and the matching error code.
 */
import { type DesiredStateInput, type EvaluationErrorCode, openFeatureReasons } from '@flagplane/contract';
import { type EvaluationData, FlagEvaluator, readFlatContext } from '@flagplane/evaluation';
import {
  ErrorCode,
  type EvaluationContext,
  type JsonValue,
  OpenFeatureEventEmitter,
  type Provider,
  ProviderFatalError,
  type ResolutionDetails,
  StandardResolutionReasons,
  type TrackingEventDetails,
} from '@openfeature/server-sdk';
import { changedFlagKeys } from './changed-flags.js';
import type { DeliveryMode, FlagDataSource } from './data-source.js';
import { DocumentFileSource, type DocumentOptions, StaticDocumentSource } from './document-source.js';
import { ProviderStatus } from './provider-status.js';
import { ServerSource, type ServerSourceOptions } from './server-source.js';

type ValueKind = 'boolean' | 'string' | 'number' | 'object';

/** What `track()` hands on (OpenFeature's tracking call, §23): the event's name, context and details. */
export interface TrackedEvent {
  readonly name: string;
  readonly context: EvaluationContext;
  readonly details: TrackingEventDetails;
}

/** How the provider behaves, whatever its flags come from. */
export interface ProviderBehaviour {
  /**
   * How long checks may fail before `STALE` becomes `ERROR` (§23); the last good flags are served
   * throughout. @default 30000
   */
  readonly errorGracePeriodMs?: number;
  /**
   * Where `client.track(…)` goes. Flagplane's server records no tracking events, so without this option a
   * tracked event goes nowhere (the README says so): pass a function to forward events to your analytics.
   */
  readonly track?: (event: TrackedEvent) => void;
}

export interface FlagplaneProviderOptions extends ServerSourceOptions, ProviderBehaviour {}

function isDataSource(candidate: FlagplaneProviderOptions | FlagDataSource): candidate is FlagDataSource {
  return 'start' in candidate && typeof candidate.start === 'function';
}

/** OpenFeature's error code for each of the evaluator's (§23). */
const errorCodes: Readonly<Record<EvaluationErrorCode, ErrorCode>> = {
  TargetingKeyMissing: ErrorCode.TARGETING_KEY_MISSING,
  TypeMismatch: ErrorCode.TYPE_MISMATCH,
  General: ErrorCode.GENERAL,
};

export class FlagplaneProvider implements Provider {
  readonly metadata = { name: 'flagplane' } as const;
  readonly runsOn = 'server' as const;
  readonly events = new OpenFeatureEventEmitter();
  readonly hooks = [];
  readonly #source: FlagDataSource;
  readonly #status: ProviderStatus;
  readonly #track: ((event: TrackedEvent) => void) | undefined;
  #data: EvaluationData | undefined;
  #evaluator: FlagEvaluator | undefined;
  /** Each flag's type, by key: any JSON answers getObjectValue for a Json flag. */
  #types = new Map<string, EvaluationData['flags'][number]['type']>();

  /** Serves an environment of a Flagplane server, with a server-side SDK key. */
  constructor(options: FlagplaneProviderOptions);
  /** Serves what `source` gives (`fromDocument` makes one for a flags.yaml). */
  constructor(source: FlagDataSource, behaviour?: ProviderBehaviour);
  constructor(options: FlagplaneProviderOptions | FlagDataSource, behaviour: ProviderBehaviour = {}) {
    // One interface whatever the flags come from: a server's options make the server source.
    const settings = isDataSource(options) ? behaviour : options;
    this.#source = isDataSource(options) ? options : new ServerSource(options);
    this.#status = new ProviderStatus(this.events, settings.errorGracePeriodMs ?? 30_000);
    this.#track = settings.track;
  }

  /**
   * Serves a desired-state document with no server: a `flags.yaml`/`.json` path (watched: a change is
   * served at once, with `CONFIGURATION_CHANGED`), or the document itself. Throws, listing its problems,
   * when the document is not valid.
   */
  static async fromDocument(
    document: string | DesiredStateInput,
    options: DocumentOptions & ProviderBehaviour,
  ): Promise<FlagplaneProvider> {
    if (typeof document !== 'string')
      return new FlagplaneProvider(new StaticDocumentSource(document, options), options);
    const source = new DocumentFileSource(document, options);
    await source.load();
    return new FlagplaneProvider(source, options);
  }

  /**
   * How the flags are kept current right now: `streaming` (a change reaches this process within a second,
   * §24), `polling` (while the server's change stream cannot be had, or with `stream: false`), `watching`
   * (a flags.yaml) or `static` (a document given as data).
   */
  get deliveryMode(): DeliveryMode {
    return this.#source.mode;
  }

  /** The first data; the source keeps it current after that, whatever the outcome. */
  async initialize(): Promise<void> {
    try {
      await this.#source.start({
        updated: (data) => this.#updated(data),
        fresh: () => this.#status.fresh(),
        failed: (error) => this.#status.failed(error),
        fatal: (error) => this.#status.fatal(error),
      });
    } catch (error) {
      const fatal = this.#status.isFatal;
      this.#status.startFailed(fatal);
      const message = error instanceof Error ? error.message : String(error);
      throw fatal ? new ProviderFatalError(`the SDK key was refused: ${message}`) : error;
    }
    this.#status.started();
  }

  async onClose(): Promise<void> {
    this.#source.stop();
    this.#status.stop();
  }

  track(trackingEventName: string, context: EvaluationContext, details: TrackingEventDetails): void {
    this.#track?.({ name: trackingEventName, context, details });
  }

  resolveBooleanEvaluation(flagKey: string, defaultValue: boolean, context: EvaluationContext) {
    return Promise.resolve(this.#resolve(flagKey, defaultValue, context, 'boolean'));
  }

  resolveStringEvaluation(flagKey: string, defaultValue: string, context: EvaluationContext) {
    return Promise.resolve(this.#resolve(flagKey, defaultValue, context, 'string'));
  }

  resolveNumberEvaluation(flagKey: string, defaultValue: number, context: EvaluationContext) {
    return Promise.resolve(this.#resolve(flagKey, defaultValue, context, 'number'));
  }

  resolveObjectEvaluation<T extends JsonValue>(flagKey: string, defaultValue: T, context: EvaluationContext) {
    return Promise.resolve(this.#resolve(flagKey, defaultValue, context, 'object'));
  }

  #updated(data: EvaluationData): void {
    const previous = this.#data;
    this.#data = data;
    this.#evaluator = new FlagEvaluator(data);
    this.#types = new Map(data.flags.map((flag) => [flag.key, flag.type]));
    if (previous) this.#status.changed(changedFlagKeys(previous, data));
  }

  #resolve<T>(
    flagKey: string,
    defaultValue: T,
    context: EvaluationContext,
    kind: ValueKind,
  ): ResolutionDetails<T> {
    const failed = (errorCode: ErrorCode, errorMessage: string): ResolutionDetails<T> => ({
      value: defaultValue,
      reason: StandardResolutionReasons.ERROR,
      errorCode,
      errorMessage,
    });
    const evaluator = this.#evaluator;
    if (!evaluator) return failed(ErrorCode.PROVIDER_NOT_READY, 'no flags downloaded yet');
    // §23: an unknown or archived flag is "not found", whatever the context.
    if (!evaluator.has(flagKey))
      return failed(ErrorCode.FLAG_NOT_FOUND, `no flag "${flagKey}" in this environment`);
    const reading = readFlatContext(context);
    if (!reading.ok) {
      return failed(
        ErrorCode.INVALID_CONTEXT,
        `context attribute "${reading.attribute}": ${reading.message}`,
      );
    }
    const result = evaluator.evaluate(flagKey, reading.context);
    if (!result) return failed(ErrorCode.FLAG_NOT_FOUND, `no flag "${flagKey}" in this environment`);
    if (result.reason.kind === 'Error')
      return failed(errorCodes[result.reason.errorCode], result.reason.errorMessage);
    const actual = result.value === null ? 'null' : typeof result.value;
    // A Json flag may serve any JSON (an object, a list, a number, null): all of it is what getObjectValue asks.
    const json = kind === 'object' && this.#types.get(flagKey) === 'Json';
    if (actual !== kind && !json) {
      return failed(ErrorCode.TYPE_MISMATCH, `flag "${flagKey}" serves a ${actual}, not a ${kind}`);
    }
    const metadata: Record<string, string | number> = {};
    if (result.reason.kind === 'Rule') {
      metadata.ruleId = result.reason.ruleId;
      metadata.ruleIndex = result.reason.ruleIndex;
    }
    if (result.reason.kind === 'PrerequisiteFailed') metadata.prerequisiteKey = result.reason.prerequisiteKey;
    return {
      value: result.value as T,
      ...(result.variationKey === null ? {} : { variant: result.variationKey }),
      reason: openFeatureReasons[result.reason.kind],
      flagMetadata: metadata,
    };
  }
}
