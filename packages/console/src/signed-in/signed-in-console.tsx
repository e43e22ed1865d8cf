/**
 * The console once a token is given: one SDK client for the tab, who is signed in (`GET /me`, which also
 * checks the token: a 401 returns to sign-in), the top bar, and the pages.
 */
import { type Me, UnauthorizedError } from '@flagplane/sdk';
import type { ComponentType } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ErrorBoundary, lazy, Route, Router, useLocation } from 'preact-iso';
import { mainRegionId } from '../components/focus.js';
import { TopBar } from '../components/top-bar.js';
import { FlagListPage } from '../pages/flag-list-page.js';
import { NotFoundPage } from '../pages/not-found-page.js';
import { OrganizationPage } from '../pages/organization-page.js';
import { OrganizationsPage } from '../pages/organizations-page.js';
import { afterPageRequests } from './after-page-requests.js';
import { consoleClient } from './console-client.js';
import { ConsoleContext, type ConsoleSession } from './console-context.js';
import { consolePaths, consoleRoutes } from './console-paths.js';
import { LeaveGuardProvider, useLeaveGuards } from './leave-guard.js';
import { useFocusOnNavigation } from './page-announcer.js';
import { refusedTokenFarewell } from './use-api.js';

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
  const client = consoleClient(token); // one per token (console-client.ts)
  // Who is signed in, for the top bar. The pages do not wait for it (each of their requests checks the
  // token too, and a 401 from any of them ends the session).
  const [me, setMe] = useState<Me | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    // After the page's own requests: the name in the top bar is not worth delaying them for.
    afterPageRequests(() => {
      if (controller.signal.aborted) return;
      client.me.retrieve({ signal: controller.signal }).then(setMe, (error: unknown) => {
        if (!controller.signal.aborted && error instanceof UnauthorizedError) onSignOut(refusedTokenFarewell);
      });
    });
    return () => controller.abort();
  }, [client, onSignOut]);

  const session = useMemo<ConsoleSession>(() => ({ client, signOut: onSignOut }), [client, onSignOut]);
  const leaveGuards = useLeaveGuards(consolePaths.home());
  return (
    <LeaveGuardProvider value={leaveGuards.registry}>
      {leaveGuards.dialog}
      <TopBar>
        {me && <span class="muted">{describe(me)}</span>}
        <button
          type="button"
          onClick={() =>
            void leaveGuards.confirmLeave().then((leave) => {
              if (leave) onSignOut('You signed out. The token is forgotten in this tab.');
            })
          }
        >
          Sign out
        </button>
      </TopBar>
      <main id={mainRegionId} tabIndex={-1} ref={main}>
        {
          <ConsoleContext.Provider value={session}>
            <ErrorBoundary>
              <Router>
                <Route path={consoleRoutes.organizations} component={keyedByPath.OrganizationsPage} />
                <Route path={consoleRoutes.organization} component={keyedByPath.OrganizationPage} />
                <Route path={consoleRoutes.organizationEvents} component={keyedByPath.EventsPage} />
                <Route path={consoleRoutes.flagList} component={keyedByPath.FlagListPage} />
                <Route path={consoleRoutes.flag} component={keyedByPath.FlagPage} />
                <Route path={consoleRoutes.segments} component={keyedByPath.SegmentsPage} />
                <Route path={consoleRoutes.environments} component={keyedByPath.EnvironmentsPage} />
                <Route path={consoleRoutes.sdkKeys} component={keyedByPath.SdkKeysPage} />
                <Route path={consoleRoutes.projectEvents} component={keyedByPath.EventsPage} />
                <Route path={consoleRoutes.playground} component={keyedByPath.PlaygroundPage} />
                <Route default component={keyedByPath.NotFoundPage} />
              </Router>
            </ErrorBoundary>
          </ConsoleContext.Provider>
        }
      </main>
    </LeaveGuardProvider>
  );
}
