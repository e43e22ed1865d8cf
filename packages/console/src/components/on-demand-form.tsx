/**
 * A creation form kept in a chunk of its own and loaded the first time a person opens it: the forms of
 * the list pages (new project, new flag), which most visits never open, stay out of the first page's
 * scripts (README, Budgets), like the pages that are not lists. The buttons that open it follow the
 * list's `_actions`; when it closes, the focus goes back to the button it was opened from.
 */
import type { Action } from '@flagplane/contract';
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { ActionButton } from './action-button.js';
import { focusLater } from './focus.js';

export interface OnDemandForm<Module> {
  /** The chunk's module once loaded, null before. */
  readonly module: Module | null;
  /** Why the chunk did not load (the server went away, a new build replaced it), for the page to show. */
  readonly error: unknown;
  readonly isOpen: boolean;
  /** Closes the form; the focus goes back to the button that opened it. */
  readonly close: () => void;
  /** A button that opens the form (a page may have two: the toolbar's, and an empty list's). */
  readonly openButton: (id: string, label: string, action: Action | undefined) => JSX.Element;
}

export function useOnDemandForm<Module>(importModule: () => Promise<Module>): OnDemandForm<Module> {
  const [module, setModule] = useState<Module | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  /** The id of the button that opened the form; null while it is closed. */
  const [openedFrom, setOpenedFrom] = useState<string | null>(null);

  const open = async (buttonId: string) => {
    if (!module) {
      setLoading(true);
      setError(null);
      try {
        const loaded = await importModule();
        setModule(() => loaded);
      } catch (caught) {
        setError(caught);
        return;
      } finally {
        setLoading(false);
      }
    }
    setOpenedFrom(buttonId);
  };
  return {
    module,
    error,
    isOpen: openedFrom !== null && module !== null,
    close: () => {
      if (openedFrom) focusLater(openedFrom);
      setOpenedFrom(null);
    },
    openButton: (id, label, action) => (
      <ActionButton id={id} action={action} variant="primary" busy={loading} onClick={() => void open(id)}>
        {label}
      </ActionButton>
    ),
  };
}
