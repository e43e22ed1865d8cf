/**
 * nock interceptors for the mock's address, for suites that use nock instead of msw. nock is loaded only
 * when asked for, so suites that use msw do not need it installed.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { answerFetchRequest } from './answer-fetch-request.js';
import type { FlagplaneMock } from './flagplane-mock.js';
import { importOptionalPeer, type OptionalPeer } from './optional-peer.js';

/** nock as package.json's `peerDependencies` names it (test/optional-peer.test.ts keeps them equal). */
export const nockPeer: OptionalPeer = { name: 'nock', range: '^15.0.6', neededBy: 'mock.nock()' };

const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;

export interface NockInstallation {
  /** Removes the mock's interceptors (other nock interceptors stay). */
  remove(): void;
}

export async function installNockInterceptors(mock: FlagplaneMock): Promise<NockInstallation> {
  const { default: nock } = await importOptionalPeer(nockPeer, () => import('nock'));
  const scope = nock(mock.baseUrl).persist();
  const interceptors = methods.map((method) => {
    const interceptor = scope.intercept(() => true, method);
    // nock 15 calls a full reply function with the Fetch API Request and awaits what it returns.
    interceptor.reply(async (request: Request) => {
      const response = await answerFetchRequest(mock, request);
      // A rejected reply reaches the client as a failed request: the network error the fault asked for.
      if (!response) throw new Error('Flagplane mock: injected network error');
      // An event stream (§24) goes on as a Node stream, which nock passes on chunk by chunk.
      const isEventStream =
        response.headers.get('content-type')?.startsWith('text/event-stream') && response.body;
      const body = isEventStream
        ? Readable.fromWeb(response.body as NodeReadableStream)
        : await response.text();
      return [response.status, body, Object.fromEntries(response.headers)];
    });
    return interceptor;
  });
  return {
    remove() {
      scope.persist(false);
      for (const interceptor of interceptors) nock.removeInterceptor(interceptor);
    },
  };
}
