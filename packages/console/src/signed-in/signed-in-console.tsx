/**
 * The console once a token is given: one SDK client for the tab, who is signed in (`GET /me`, which also
 * checks the token: a 401 returns to sign-in), the top bar, and the pages.
 */
import { createClient, type Me, UnauthorizedError } from '@flagplane/sdk';
import type { ComponentType } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ErrorBoundary, lazy, Route, Router, useLocation } from 'preact-iso';
import { TopBar } from '../components/top-bar.js';
import { FlagListPage } from '../pages/flag-list-page.js';
import { NotFoundPage } from '../pages/not-found-page.js';
import { OrganizationPage } from '../pages/organization-page.js';
import { OrganizationsPage } from '../pages/organizations-page.js';
import { ConsoleContext, type ConsoleSession } from './console-context.js';
import { useFocusOnNavigation } from './page-announcer.js';
import { refusedTokenFarewell, whenIdle } from './use-api.js';

// The pages people open most (the lists) load with the console; the others are chunks of their own,
// loaded when first opened, so a signed-in first load carries less code (packages/console/README.md).
const FlagPage = lazy(() => import('../pages/flag-page.js').then((module) => module.FlagPage));
const SegmentsPage = lazy(() => import('../pages/segments-page.js').then((module) => module.SegmentsPage));
const EnvironmentsPage = lazy(() =>
  import('../pages/environments-page.js').then((module) => module.EnvironmentsPage),
);
const SdkKeysPage = lazy(() => import('../pages/sdk-keys-page.js').then((module) => module.SdkKeysPage));
const EventsPage = lazy(() => import('../pages/events-page.js').then((module) => module.EventsPage));
const PlaygroundPage = lazy(() =>
  import('../pages/playground-page.js').then((module) => module.PlaygroundPage),
);

/**
 * Each page remounts when the path changes: another flag's page is a new page, and no state of the
 * previous one survives (an open form that would then save onto this flag). Filters in the query are not
 * part of the key. The key is on the page, not the Router, which keeps its own scroll handling.
 */
function remountOnPath<Props extends object>(Page: ComponentType<Props>): ComponentType<Props> {
  return function PageKeyedByPath(props: Props) {
    const { path } = useLocation();
    return <Page key={path} {...props} />;
  };
}

const keyedByPath = {
  EnvironmentsPage: remountOnPath(EnvironmentsPage),
  EventsPage: remountOnPath(EventsPage),
  FlagListPage: remountOnPath(FlagListPage),
  FlagPage: remountOnPath(FlagPage),
  NotFoundPage: remountOnPath(NotFoundPage),
  OrganizationPage: remountOnPath(OrganizationPage),
  OrganizationsPage: remountOnPath(OrganizationsPage),
  PlaygroundPage: remountOnPath(PlaygroundPage),
  SdkKeysPage: remountOnPath(SdkKeysPage),
  SegmentsPage: remountOnPath(SegmentsPage),
};

export interface SignedInConsoleProps {
  readonly token: string;
  readonly onSignOut: (farewell: string | null) => void;
}

/** Who is signed in, in the top bar. */
function describe(me: Me): string {
  return me.type === 'user'
    ? (me.name ?? me.email ?? 'user')
    : `${me.name ?? 'service token'} (service token, ${me.role})`;
}

export function SignedInConsole({ token, onSignOut }: SignedInConsoleProps) {
  const { path } = useLocation();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main, path);
  const client = useMemo(
    () =>
      createClient({
        baseUrl: location.origin,
        token,
        // A person is waiting: a long Retry-After is shown (with when to retry), not waited for.
        maxRetryAfterMs: 3000,
        timeout: 30_000,
        validateResponses: false,
      }),
    [token],
  );
  // Who is signed in, for the top bar. The pages do not wait for it (each of their requests checks the
  // token too, and a 401 from any of them ends the session).
  const [me, setMe] = useState<Me | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    // When the page's own requests have gone: the name in the top bar is not worth delaying them for.
    whenIdle(() => {
      if (controller.signal.aborted) return;
      client.me.retrieve({ signal: controller.signal }).then(setMe, (error: unknown) => {
        if (!controller.signal.aborted && error instanceof UnauthorizedError) onSignOut(refusedTokenFarewell);
      });
    });
    return () => controller.abort();
  }, [client, onSignOut]);

  const session = useMemo<ConsoleSession>(() => ({ client, signOut: onSignOut }), [client, onSignOut]);
  return (
    <>
      <TopBar>
        {me && <span class="muted">{describe(me)}</span>}
        <button
          type="button"
          onClick={() => onSignOut('You signed out. The token is forgotten in this tab.')}
        >
          Sign out
        </button>
      </TopBar>
      <main id="main" tabIndex={-1} ref={main}>
        {
          <ConsoleContext.Provider value={session}>
            <ErrorBoundary>
              <Router>
                <Route path="/console" component={keyedByPath.OrganizationsPage} />
                <Route path="/console/orgs/:org" component={keyedByPath.OrganizationPage} />
                <Route path="/console/orgs/:org/events" component={keyedByPath.EventsPage} />
                <Route path="/console/orgs/:org/projects/:project" component={keyedByPath.FlagListPage} />
                <Route
                  path="/console/orgs/:org/projects/:project/flags/:flag"
                  component={keyedByPath.FlagPage}
                />
                <Route
                  path="/console/orgs/:org/projects/:project/segments"
                  component={keyedByPath.SegmentsPage}
                />
                <Route
                  path="/console/orgs/:org/projects/:project/environments"
                  component={keyedByPath.EnvironmentsPage}
                />
                <Route
                  path="/console/orgs/:org/projects/:project/environments/:env/sdk-keys"
                  component={keyedByPath.SdkKeysPage}
                />
                <Route
                  path="/console/orgs/:org/projects/:project/events"
                  component={keyedByPath.EventsPage}
                />
                <Route
                  path="/console/orgs/:org/projects/:project/playground"
                  component={keyedByPath.PlaygroundPage}
                />
                <Route default component={keyedByPath.NotFoundPage} />
              </Router>
            </ErrorBoundary>
          </ConsoleContext.Provider>
        }
      </main>
    </>
  );
}
