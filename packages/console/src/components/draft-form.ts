/**
 * A create-or-edit form of one resource (segments, environments, projects, flags): what the person typed, kept whatever the
 * API answers, and its save through the caller's request. The page decides what saving means (create or
 * update) and what happens after.
 */
import { useState } from 'preact/hooks';
import type { ConsoleSession } from '../signed-in/console-context.js';
import { useWrite } from '../signed-in/use-api.js';

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
}

/** The names of the draft's text properties: the ones an input sets as typed. */
type TextField<Draft> = { [Name in keyof Draft]: Draft[Name] extends string ? Name : never }[keyof Draft];

export function useDraftForm<Draft>({ initial, save, onSaved }: DraftFormProps<Draft>) {
  const [draft, setDraft] = useState(initial);
  const write = useWrite();

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
