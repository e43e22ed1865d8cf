/**
 * nock interceptors for the mock's address, for suites that use nock instead of msw. nock is loaded only
 * when asked for, so suites that use msw do not need it installed.
 */
import type { FlagplaneMock } from './flagplane-mock.js';

const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;

export interface NockInstallation {
  /** Removes the mock's interceptors (other nock interceptors stay). */
  remove(): void;
}

export async function installNockInterceptors(mock: FlagplaneMock): Promise<NockInstallation> {
  const { default: nock } = await import('nock');
  const scope = nock(mock.baseUrl).persist();
  const interceptors = methods.map((method) => {
    const interceptor = scope.intercept(() => true, method);
    // nock 15 calls a full reply function with the Fetch API Request and awaits what it returns.
    interceptor.reply(async (request: Request) => {
      const url = new URL(request.url);
      const body = method === 'GET' || method === 'HEAD' ? undefined : await request.text();
      const response = await mock.handle({
        method,
        url: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        body,
      });
      // A rejected reply reaches the client as a failed request: the network error the fault asked for.
      if (response.networkError) throw new Error('Flagplane mock: injected network error');
      return [response.status, response.body, response.headers];
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
