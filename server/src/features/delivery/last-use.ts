/**
 * §21: an SDK key's `lastUsedAt`, written at most once a minute per key, after the answer and outside
 * any request's transaction (bookkeeping, not a change: it records no event). A failed write is logged
 * and tried again at the key's next use a minute later; it never fails a delivery.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SdkKeyRecord } from '../../store/records.js';
import type { Store } from '../../store/store.js';

const minimumIntervalMs = 60_000;

export class LastUseRecorder {
  /** When this process last wrote (or started writing) each key's lastUsedAt. */
  readonly #written = new Map<string, number>();

  constructor(
    private readonly store: Store,
    private readonly clock: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `receivedAtMs`: when the request came (authentication's reading of the clock, once per request). */
  used(key: SdkKeyRecord, receivedAtMs = 0): void {
    const now = receivedAtMs || this.clock().getTime();
    // The stored time is parsed once per key and process; after that this map answers.
    const last = this.#written.get(key.id) ?? (key.lastUsedAt === null ? 0 : Date.parse(key.lastUsedAt));
    if (now - last < minimumIntervalMs) {
      this.#written.set(key.id, last);
      return;
    }
    this.#written.set(key.id, now);
    const at = new Date(now).toISOString();
    this.store
      .write((tx) => {
        const current = tx.get('sdkKeys', key.id);
        if (current) tx.put('sdkKeys', { ...current, lastUsedAt: at });
      })
      .catch((error: unknown) =>
        this.log.warn({ err: error, sdkKeyId: key.id }, 'sdk keys: could not record lastUsedAt'),
      );
  }
}
