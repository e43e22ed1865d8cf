/**
 * The Flagplane OpenFeature server provider. Flags are evaluated in this process by `@flagplane/evaluation`
 * (the evaluator the server uses), from the environment's document, downloaded with a server-side SDK
 * key and kept current by polling (polling-source.ts), or read from a desired-state document with no
 * server at all (`FlagplaneProvider.fromDocument`).
 *
 * Never throws while evaluating: an unknown flag, a value of another type, a missing targeting key, no
 * data yet, or a flag it cannot interpret all answer the caller's default with OpenFeature's reason
 * `ERROR` and the matching error code. After a failed poll it goes on serving the last good data.
 */
import { readFile } from 'node:fs/promises';
import { type DesiredStateInput, type SdkFlagsDocument, validateDesiredState } from '@flagplane/contract';
import { type EvaluationData, type EvaluationResult, FlagEvaluator } from '@flagplane/evaluation';
import { evaluationDataFromDesiredState } from '@flagplane/evaluation/desired-state';
import {
  ErrorCode,
  type EvaluationContext,
  type JsonValue,
  OpenFeatureEventEmitter,
  type Provider,
  ProviderEvents,
  type ResolutionDetails,
  StandardResolutionReasons,
} from '@openfeature/server-sdk';
import { parse as parseYaml } from 'yaml';
import { toFlagplaneContext } from './context.js';
import { type PollingOptions, PollingSource } from './polling-source.js';

type ValueKind = 'boolean' | 'string' | 'number' | 'object';

const reasons: Record<EvaluationResult['reason']['kind'], string> = {
  Off: StandardResolutionReasons.DISABLED,
  Static: StandardResolutionReasons.STATIC,
  Default: StandardResolutionReasons.DEFAULT,
  Rollout: StandardResolutionReasons.SPLIT,
  Rule: StandardResolutionReasons.TARGETING_MATCH,
  PrerequisiteFailed: 'PREREQUISITE_FAILED',
  Error: StandardResolutionReasons.ERROR,
};

export interface DocumentOptions {
  /** The environment whose configurations to serve. */
  readonly environment: string;
  /** The project, by key; optional when the document declares one. */
  readonly project?: string;
}

export class FlagplaneProvider implements Provider {
  readonly metadata = { name: 'flagplane' } as const;
  readonly runsOn = 'server' as const;
  readonly events = new OpenFeatureEventEmitter();
  readonly hooks = [];
  #evaluator: FlagEvaluator | undefined;
  /** Each flag's type, by key: any JSON answers getObjectValue for a Json flag. */
  #types = new Map<string, EvaluationData['flags'][number]['type']>();
  readonly #source: PollingSource | undefined;
  #failing = false;

  /**
   * With `baseUrl` and `sdkKey`: serves an environment of a Flagplane server, polled with a server-side SDK
   * key. With `data`: serves evaluation data already at hand (see `fromDocument` for a flags.yaml).
   */
  constructor(options: PollingOptions | { readonly data: EvaluationData }) {
    if ('data' in options) {
      this.#setData(options.data);
      this.#source = undefined;
      return;
    }
    this.#source = new PollingSource(options, {
      updated: (document, previous) => this.#updated(document, previous),
      // Ready again after failures (a 304 counts): also after an initialize that failed.
      fresh: () => {
        if (!this.#failing) return;
        this.#failing = false;
        this.events.emit(ProviderEvents.Ready);
      },
      failed: () => {
        if (this.#failing) return;
        this.#failing = true;
        if (this.#evaluator) this.events.emit(ProviderEvents.Stale);
      },
    });
  }

  /**
   * Serves a desired-state document (a `flags.yaml`/`.json` path, or the document itself) with no server:
   * for tests and local development. Throws, listing its problems, when the document is not valid.
   */
  static async fromDocument(
    document: string | DesiredStateInput,
    options: DocumentOptions,
  ): Promise<FlagplaneProvider> {
    const raw = typeof document === 'string' ? parseYaml(await readFile(document, 'utf8')) : document;
    const validation = validateDesiredState(raw);
    if (!validation.state) {
      const where = typeof document === 'string' ? document : 'the document';
      throw new Error(
        `${where} is not a valid desired state:\n${validation.problems.map((problem) => `  ${problem.path}: ${problem.message}`).join('\n')}`,
      );
    }
    return new FlagplaneProvider({
      data: evaluationDataFromDesiredState(validation.state, options),
    } as never);
  }

  /** The first download; OpenFeature marks the provider ready when it succeeds, in error when not. */
  async initialize(): Promise<void> {
    await this.#source?.start();
  }

  async onClose(): Promise<void> {
    this.#source?.stop();
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

  #updated(document: SdkFlagsDocument, previous: SdkFlagsDocument | undefined): void {
    this.#setData(document);
    // The first: OpenFeature emits Ready itself when initialize resolves (or `fresh` does, after a failure).
    if (previous === undefined) return;
    this.events.emit(ProviderEvents.ConfigurationChanged, { flagsChanged: changedFlags(previous, document) });
  }

  #setData(data: EvaluationData): void {
    this.#evaluator = new FlagEvaluator(data);
    this.#types = new Map(data.flags.map((flag) => [flag.key, flag.type]));
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
    if (!this.#evaluator) return failed(ErrorCode.PROVIDER_NOT_READY, 'no flags downloaded yet');
    const flagplaneContext = toFlagplaneContext(context);
    if (!flagplaneContext) return failed(ErrorCode.TARGETING_KEY_MISSING, 'the context has no targetingKey');
    const result = this.#evaluator.evaluate(flagKey, flagplaneContext);
    if (!result) return failed(ErrorCode.FLAG_NOT_FOUND, `no flag "${flagKey}" in this environment`);
    if (result.reason.kind === 'Error') return failed(ErrorCode.GENERAL, result.reason.errorMessage);
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
      reason: reasons[result.reason.kind],
      flagMetadata: metadata,
    };
  }
}

/** The keys of flags added, removed or changed between two documents. */
function changedFlags(before: SdkFlagsDocument, after: SdkFlagsDocument): string[] {
  const text = (document: SdkFlagsDocument) =>
    new Map(document.flags.map((flag) => [flag.key, JSON.stringify(flag)]));
  const [old, now] = [text(before), text(after)];
  return [...new Set([...old.keys(), ...now.keys()])].filter((key) => old.get(key) !== now.get(key)).sort();
}
