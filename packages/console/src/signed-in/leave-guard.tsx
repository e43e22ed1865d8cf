/**
 * Leaving a page that holds something it would lose: a form's unsaved edits, a new SDK key's text (shown
 * once). A page says what (`useLeaveGuard`); the console asks before any navigation that would take the
 * page away, in its confirm dialog naming what would be lost. Cancel keeps the page exactly as it was.
 *
 * - A click on a link the router follows: preact-iso listens to clicks at the window and routes any
 *   link of the console. A listener on the window in the capture phase runs before it and holds the click.
 * - The browser's back and forward: the address has changed when `popstate` comes, so the router is kept
 *   from hearing it and the tab goes back to the page's entry (history-position.ts); "leave" goes again.
 *   The router listens on the window itself, where listeners run in the order they were added (Chromium
 *   does not run a capturing one first there): this module adds its listener when it loads, before the
 *   console first renders and the router adds its own.
 * - Signing out: the top bar's button asks through `confirmLeave`.
 * - Closing or reloading the tab, or a link out of the console (the API reference): `beforeunload`,
 *   listened to only while something would be lost; the browser asks in its own words.
 *
 * A navigation that stays on the page (the event log's filters change only the query) loses nothing and
 * is not asked about.
 */
import { createContext } from 'preact';
import { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useConfirm } from '../components/confirm-dialog.js';
import { listOf } from '../components/list-of.js';
import { markPosition, positionOf } from './history-position.js';

interface LeaveGuardRegistry {
  /** Registers what leaving would lose; the function it returns removes it. */
  readonly add: (loss: string) => () => void;
}

const LeaveGuardContext = createContext<LeaveGuardRegistry | null>(null);

/**
 * While `loss` is not null, leaving the page asks first, naming it: a noun phrase such as "your unsaved
 * changes to the flag's settings".
 */
export function useLeaveGuard(loss: string | null): void {
  const registry = useContext(LeaveGuardContext);
  // A layout effect: registered in the task of the keystroke that made the edit, not a frame later, so a
  // reload at once still asks.
  useLayoutEffect(() => {
    if (loss === null || registry === null) return undefined;
    return registry.add(loss);
  }, [registry, loss]);
}

/** A path as the router compares them: no query, no trailing slash. */
function pathOf(address: string): string {
  return new URL(address, location.origin).pathname.replace(/\/+$/g, '') || '/';
}

/**
 * The address a click makes the router follow, or null when the router leaves the click to the browser:
 * preact-iso's own rules (a modified or other-button click, another origin, a fragment, a target, a
 * download, an address outside the console).
 */
function routedAddress(event: MouseEvent, scope: string): string | null {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return null;
  const link = event
    .composedPath()
    .find((target): target is HTMLAnchorElement => target instanceof HTMLAnchorElement && target.href !== '');
  const href = link?.getAttribute('href');
  if (!link || !href || link.origin !== location.origin || href.startsWith('#')) return null;
  if (!/^(_?self)?$/i.test(link.target) || link.hasAttribute('download') || !href.startsWith(scope))
    return null;
  return link.href.replace(location.origin, '');
}

interface Guard {
  readonly loss: string;
}

/** What the console does with a `popstate` while it is signed in (set by `useLeaveGuards`). */
let popStateHandler: ((event: PopStateEvent) => void) | null = null;
if (typeof window !== 'undefined') addEventListener('popstate', (event) => popStateHandler?.(event));

/**
 * preact-iso's location also says whether its last change added a history entry (`wasPush`, which its
 * Router reads to scroll); its types leave it out. Without it every entry would count as replaced: a
 * held back then pushes the page's address again instead of going forward (the guards test sees that).
 */
type RouterLocation = ReturnType<typeof useLocation> & { readonly wasPush?: boolean };

/**
 * The console's side: the registry to provide (`LeaveGuardProvider`), the dialog to render once, and
 * `confirmLeave` for a way out that is not a link (signing out). `scope` is the router's.
 */
export function useLeaveGuards(scope: string) {
  const { url, path, route, wasPush = false } = useLocation() as RouterLocation;
  const { confirm, dialog } = useConfirm();
  const [guards, setGuards] = useState<readonly Guard[]>([]);
  const registry = useMemo<LeaveGuardRegistry>(
    () => ({
      add: (loss) => {
        const guard = { loss };
        setGuards((current) => [...current, guard]);
        return () => setGuards((current) => current.filter((candidate) => candidate !== guard));
      },
    }),
    [],
  );

  // The window's listeners are added once; they read the page as it is now.
  const position = useRef(0);
  const now = useRef({ guards, url, path, route, confirm });
  now.current = { guards, url, path, route, confirm };
  useLayoutEffect(() => {
    position.current = markPosition(position.current, wasPush);
  }, [url]);

  const asking = useRef(false);
  const confirmLeave = useCallback(async (): Promise<boolean> => {
    const losses = now.current.guards.map((guard) => guard.loss);
    if (losses.length === 0) return true;
    asking.current = true;
    try {
      return await now.current.confirm(
        'Leave this page?',
        `Leaving discards ${listOf(losses)}.`,
        'Leave and discard',
        'destructive',
      );
    } finally {
      asking.current = false;
    }
  }, []);

  useEffect(() => {
    const wouldLose = (address: string) =>
      now.current.guards.length > 0 && pathOf(address) !== now.current.path;
    /** A popstate the listener caused itself: going back to the page (held), or leaving after all (passed). */
    let ownTraversal: 'held' | 'passed' | null = null;

    const onClick = (event: MouseEvent) => {
      const address = routedAddress(event, scope);
      if (address === null || !wouldLose(address)) return;
      event.preventDefault(); // not the browser's navigation either
      event.stopPropagation(); // nor the router's
      if (asking.current) return;
      void confirmLeave().then((leave) => {
        if (leave) now.current.route(address);
      });
    };

    const onPopState = (event: PopStateEvent) => {
      if (ownTraversal !== null) {
        const held = ownTraversal === 'held';
        ownTraversal = null;
        if (held) event.stopImmediatePropagation();
        return;
      }
      const target = positionOf(event.state);
      const address = location.pathname + location.search;
      if (!wouldLose(address)) {
        // An entry without a position is a new one the browser added (a fragment link): it gets one.
        if (target === undefined) position.current = markPosition(position.current, true);
        else position.current = target;
        return;
      }
      event.stopImmediatePropagation();
      // Back to the page's entry before asking, so the address says where the person still is.
      const distance = target === undefined || target === position.current ? null : position.current - target;
      if (distance === null) {
        // An entry whose position is unknown (it should not happen: each one gets its position when
        // shown; and go(0) would reload): the page's address again, as a new entry.
        history.pushState(null, '', now.current.url);
        position.current = markPosition(position.current, true);
      } else {
        ownTraversal = 'held';
        history.go(distance);
      }
      if (asking.current) return;
      void confirmLeave().then((leave) => {
        if (!leave) return;
        if (distance === null) {
          now.current.route(address);
        } else {
          ownTraversal = 'passed';
          history.go(-distance);
        }
      });
    };

    addEventListener('click', onClick, true);
    popStateHandler = onPopState;
    return () => {
      removeEventListener('click', onClick, true);
      if (popStateHandler === onPopState) popStateHandler = null;
    };
  }, [scope, confirmLeave]);

  const guarded = guards.length > 0;
  useLayoutEffect(() => {
    if (!guarded) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault(); // the browser asks whether to leave
      event.returnValue = ''; // the same, for browsers before preventDefault was enough
    };
    addEventListener('beforeunload', onBeforeUnload);
    return () => removeEventListener('beforeunload', onBeforeUnload);
  }, [guarded]);

  return { registry, dialog, confirmLeave };
}

export const LeaveGuardProvider = LeaveGuardContext.Provider;
