/**
 * Flag keys to suggest while a prerequisite's flag key is typed: one search of the project's flags
 * (`flags.list` with `search`, at most 20) once typing pauses, the search before it aborted. Nothing is
 * fetched before something is typed: a project may hold thousands of flags, and reading them all each
 * time a form opens would spend the API's rate limit (600 requests a minute) on a suggestion list.
 */
import { useEffect, useState } from 'preact/hooks';
import { useConsole } from '../../signed-in/console-context.js';
import { endSessionOnUnauthorized } from '../../signed-in/use-api.js';
import type { FlagScope } from './flag-scope.js';

/** How long typing must pause before a search: one request per word, not per keystroke. */
const pauseMs = 250;
const suggestionLimit = 20;

export function useFlagKeySuggestions(scope: FlagScope, typed: string): readonly string[] {
  const session = useConsole();
  const { org, project, flag } = scope;
  const search = typed.trim();
  const [suggestions, setSuggestions] = useState<readonly string[]>([]);

  useEffect(() => {
    if (search === '') {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const { signal } = controller;
      session.client.flags.list(org, project, { search, limit: suggestionLimit }, { signal }).then(
        (page) => {
          if (signal.aborted) return;
          // The flag itself cannot be its own prerequisite (§9).
          setSuggestions(page.items.flatMap((item) => (item.key && item.id !== flag.id ? [item.key] : [])));
        },
        (error: unknown) => {
          // Suggestions only: when the search fails, the input still takes any key (and the save says
          // what is wrong with it); only the end of the session matters here.
          if (!signal.aborted) endSessionOnUnauthorized(error, session);
        },
      );
    }, pauseMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [session, org, project, flag.id, search]);

  return suggestions;
}
