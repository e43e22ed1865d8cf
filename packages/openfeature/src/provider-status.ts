/**
 * OpenFeature's provider statuses as §23 says a Flagplane provider moves through them, kept in step with
 * what its source reports:
 *
 * - `READY` after the first data (OpenFeature announces it when `initialize` resolves);
 * - `STALE` as soon as a check fails after that: the last good data is still served;
 * - `ERROR` once checks have failed for longer than the grace period (or when the first one failed);
 * - `READY` again on the first check that answers (a 304 included);
 * - `FATAL` when the key is refused (401/403): the source has stopped and nothing will change that.
 *
 * `CONFIGURATION_CHANGED` carries the keys of the flags that changed.
 */
import { ErrorCode, type OpenFeatureEventEmitter, ProviderEvents } from '@openfeature/server-sdk';

type State = 'starting' | 'ready' | 'stale' | 'error' | 'fatal';

export class ProviderStatus {
  #state: State = 'starting';
  #graceTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly events: OpenFeatureEventEmitter,
    private readonly gracePeriodMs: number,
  ) {}

  /** `initialize` resolved: OpenFeature says READY itself. */
  started(): void {
    this.#state = 'ready';
  }

  /** `initialize` rejected: OpenFeature says ERROR (or FATAL) itself; the source goes on trying unless fatal. */
  startFailed(fatal: boolean): void {
    this.#state = fatal ? 'fatal' : 'error';
  }

  changed(flagsChanged: readonly string[]): void {
    if (this.#state === 'starting' || this.#state === 'fatal' || flagsChanged.length === 0) return;
    this.events.emit(ProviderEvents.ConfigurationChanged, { flagsChanged: [...flagsChanged] });
  }

  fresh(): void {
    clearTimeout(this.#graceTimer);
    this.#graceTimer = undefined;
    if (this.#state !== 'stale' && this.#state !== 'error') return;
    this.#state = 'ready';
    this.events.emit(ProviderEvents.Ready, { message: 'the flags are current again' });
  }

  failed(error: Error): void {
    if (this.#state !== 'ready') return;
    this.#state = 'stale';
    this.events.emit(ProviderEvents.Stale, { message: `serving the last good flags: ${error.message}` });
    this.#graceTimer = setTimeout(() => {
      if (this.#state !== 'stale') return;
      this.#state = 'error';
      this.events.emit(ProviderEvents.Error, {
        message: `no current flags for ${this.gracePeriodMs} ms: ${error.message}`,
        errorCode: ErrorCode.GENERAL,
      });
    }, this.gracePeriodMs);
    this.#graceTimer.unref();
  }

  fatal(error: Error): void {
    clearTimeout(this.#graceTimer);
    if (this.#state === 'starting' || this.#state === 'fatal') {
      this.#state = 'fatal';
      return; // initialize rejects with a ProviderFatalError: OpenFeature says FATAL itself
    }
    this.#state = 'fatal';
    this.events.emit(ProviderEvents.Error, {
      message: `the SDK key was refused (${error.message}); no more polling`,
      errorCode: ErrorCode.PROVIDER_FATAL,
    });
  }

  get isFatal(): boolean {
    return this.#state === 'fatal';
  }

  stop(): void {
    clearTimeout(this.#graceTimer);
    this.#graceTimer = undefined;
  }
}
