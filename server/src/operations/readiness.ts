/**
 * `GET /readyz`: whether this process should be sent traffic, apart from `/healthz` (is it alive at all).
 *
 * The process listens only once its store is loaded, so before that there is nothing to ask (a refused
 * connection is "not ready" to every orchestrator). After that, a store that needs a database
 * (PostgreSQL) is ready only while the database answers: a trivial statement with a short deadline, its
 * outcome kept for a moment so that probes from many load balancers cost one statement, and concurrent
 * probes share the one on its way. While the server stops, every request is answered 503 by Fastify.
 */
import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/store.js';

export interface ReadinessOptions {
  /** How long an outcome is reused. @default 1000 */
  readonly cacheMs?: number;
  /** How long the database may take to answer. @default 2000 */
  readonly timeoutMs?: number;
}

export type ReadinessAnswer = { readonly ready: true } | { readonly ready: false; readonly reason: string };

export class Readiness {
  readonly #store: Store;
  readonly #cacheMs: number;
  readonly #timeoutMs: number;
  #last: { readonly answer: ReadinessAnswer; readonly at: number } | null = null;
  #checking: Promise<ReadinessAnswer> | null = null;

  constructor(store: Store, options: ReadinessOptions = {}) {
    this.#store = store;
    this.#cacheMs = options.cacheMs ?? 1000;
    this.#timeoutMs = options.timeoutMs ?? 2000;
  }

  check(now = Date.now()): Promise<ReadinessAnswer> {
    const checkReady = this.#store.checkReady?.bind(this.#store);
    if (!checkReady) return Promise.resolve({ ready: true });
    if (this.#last && now - this.#last.at < this.#cacheMs) return Promise.resolve(this.#last.answer);
    this.#checking ??= checkReady(this.#timeoutMs)
      .then(
        (): ReadinessAnswer => ({ ready: true }),
        (error: unknown): ReadinessAnswer => ({
          ready: false,
          // The error's words only (a connection failure names host and port, never the password).
          reason: `the database does not answer: ${(error as Error)?.message || String(error)}`,
        }),
      )
      .then((answer) => {
        this.#last = { answer, at: Date.now() };
        this.#checking = null;
        return answer;
      });
    return this.#checking;
  }
}

/** Registers `GET /readyz`: 200 `{status: "ready"}`, or 503 `{status: "unavailable", reason}`. */
export function registerReadiness(app: FastifyInstance, readiness: Readiness): void {
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const answer = await readiness.check();
    if (answer.ready) return { status: 'ready' };
    return reply.code(503).header('retry-after', '1').send({ status: 'unavailable', reason: answer.reason });
  });
}
