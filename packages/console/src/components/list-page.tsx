/**
 * The one shape of a page that lists things and changes them (segments, environments, SDK keys, a flag's
 * variations): a New button that opens a creation form, an Edit button per item that opens its form in
 * place, a Delete (or Revoke) per item that asks first, and one status line saying what was done.
 *
 * The same behaviour on every such page:
 * - every action starts afresh: the status line and the last removal's error are cleared;
 * - a form that closes gives the focus back to the button that opened it (New, or the item's Edit), so a
 *   keyboard or screen reader user stays where they were (unless what was created takes it: a new SDK
 *   key, shown once);
 * - a change the API accepted is said in the status line and the list is read again;
 * - a removal takes the removed item's button away with it, so the focus goes to the New button (the page's
 *   main region when there is none, or it is off), not to the top of the document;
 * - a removal the API refuses is shown next to the item it is about (a segment a rule still uses), not at
 *   the top or the bottom of a long list, and stays until the next action.
 */
import type { Action } from '@flagplane/contract';
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { ConsoleSession } from '../signed-in/console-context.js';
import { useWrite } from '../signed-in/use-api.js';
import { ActionButton } from './action-button.js';
import { focusLater, mainRegionId } from './focus.js';

export interface ListPageOptions {
  /** Reads the list again after a change the API accepted. */
  readonly reload: () => void;
  /** The New button's id: the focus goes back to it when the creation form closes. */
  readonly newButtonId?: string;
}

export function useListPage({ reload, newButtonId }: ListPageOptions) {
  const [notice, setNotice] = useState('');
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const removal = useWrite();

  const begin = () => {
    setNotice('');
    removal.clearError();
  };
  const done = (message: string) => {
    setNotice(message);
    reload();
  };

  return {
    /** The page's one status line (ListStatus). */
    notice,
    /** For what the page says of its own (a key copied, a key hidden). */
    setNotice,
    creating,
    openCreation: () => {
      begin();
      setEditingId(null);
      setCreating(true);
    },
    /**
     * Closes the creation form; `createdNotice` after a creation. The focus goes back to the New button,
     * unless `keepFocus` (what was created takes it).
     */
    closeCreation: (createdNotice?: string, keepFocus = false) => {
      setCreating(false);
      if (createdNotice !== undefined) done(createdNotice);
      if (newButtonId && !keepFocus) focusLater(newButtonId);
    },
    editingId,
    startEditing: (id: string) => {
      begin();
      setCreating(false);
      setEditingId(id);
    },
    /** Closes the item's form, `savedNotice` after a save; the focus goes back to its Edit button. */
    finishEditing: (editButtonId: string, savedNotice?: string) => {
      setEditingId(null);
      if (savedNotice !== undefined) done(savedNotice);
      focusLater(editButtonId);
    },
    /** Asks (`ask`), then sends the removal; `doneNotice` once the API accepted it. */
    remove: async (
      id: string,
      ask: () => Promise<boolean>,
      request: (session: ConsoleSession) => Promise<unknown>,
      doneNotice: string,
    ) => {
      if (!(await ask())) return;
      begin();
      setRemovingId(id);
      const outcome = await removal.run(request);
      if (!outcome.ok) return;
      done(doneNotice);
      focusLater(newButtonId ?? mainRegionId, mainRegionId);
    },
    /** This item's removal is under way (its button busy). */
    removing: (id: string) => removal.pending && removingId === id,
    /** Why this item's last removal failed, for next to it; null otherwise. */
    removalErrorOf: (id: string): unknown => (removingId === id ? removal.error : null),
  };
}

/**
 * The top of a list page: its New button (off, with the API's reason, when `action` refuses) and, under
 * what the page shows between them (`children`: a new SDK key shown once), the page's status line.
 */
export function ListPageHead({
  newButtonId,
  newLabel,
  action,
  onNew,
  notice,
  children,
}: {
  readonly newButtonId: string;
  readonly newLabel: string;
  /** The list's `create` action; undefined while the list loads (the button stays off). */
  readonly action: Action | undefined;
  readonly onNew: () => void;
  readonly notice: string;
  readonly children?: ComponentChildren;
}) {
  return (
    <>
      <div class="toolbar">
        <ActionButton id={newButtonId} action={action} variant="primary" onClick={onNew}>
          {newLabel}
        </ActionButton>
      </div>
      {children}
      <ListStatus notice={notice} />
    </>
  );
}

/**
 * The page's status line: always there, empty when idle, because a live region inserted with its text
 * is often not announced.
 */
export function ListStatus({ notice }: { readonly notice: string }) {
  return (
    <p role="status" class="muted">
      {notice}
    </p>
  );
}

/** The creation form's box, with its heading naming it (`New segment`). */
export function CreationSection({
  id,
  title,
  children,
}: {
  /** The heading's id, unique in the page. */
  readonly id: string;
  readonly title: string;
  readonly children: ComponentChildren;
}) {
  return (
    <section class="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
