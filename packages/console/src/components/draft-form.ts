/**
 * A create-or-edit form of one resource (segments, environments, projects, flags): what the person typed, kept whatever the
 * API answers, and its save through the caller's request. The page decides what saving means (create or
 * update) and what happens after. Leaving the page while the form holds edits asks first (leave-guard.tsx).
 */
import { useState } from 'preact/hooks';
import type { ConsoleSession } from '../signed-in/console-context.js';
import { useLeaveGuard } from '../signed-in/leave-guard.js';
import { useWrite } from '../signed-in/use-api.js';
import { differsInContent } from './unsaved-changes.js';

export interface DraftFormProps<Draft> {
  /** Prefixes the ids of the inputs, unique in the page. */
  readonly idPrefix: string;
  readonly initial: Draft;
  /** Creation asks for the key; an edit cannot change it. */
  readonly creating: boolean;
  readonly submitLabel: string;
  readonly save: (session: ConsoleSession, draft: Draft) => Promise<unknown>;
  /** After a save the API accepted, with the draft it saved (a creation leads to what it created). */
  readonly onSaved: (saved: Draft) => void;
  readonly onCancel: () => void;
  /** What the form edits, for the question before leaving it unsaved ("the segment beta-testers"). */
  readonly subject?: string;
}

/** The names of the draft's text properties: the ones an input sets as typed. */
type TextField<Draft> = { [Name in keyof Draft]: Draft[Name] extends string ? Name : never }[keyof Draft];

export function useDraftForm<Draft>({
  initial,
  save,
  onSaved,
  subject = 'this form',
}: DraftFormProps<Draft>) {
  const [draft, setDraft] = useState(initial);
  const write = useWrite();
  useLeaveGuard(differsInContent(initial, draft) ? `your unsaved changes to ${subject}` : null);

  const submit = async (event: Event) => {
    event.preventDefault();
    const outcome = await write.run((session) => save(session, draft));
    if (outcome.ok) onSaved(draft);
  };
  /** The input handler of one text property. */
  const setText =
    (field: TextField<Draft>) => (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
      setDraft((current) => ({ ...current, [field]: event.currentTarget.value }));
  return { draft, setDraft, write, submit, setText };
}
