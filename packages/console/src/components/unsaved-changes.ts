/**
 * Whether a form holds edits: what it holds differs in content from what it started from. Row
 * identities (numbers named `id` or `key` that keep a row's inputs with it while rows move, see
 * configuration-draft.ts and segment-draft.ts) are not content: a row added and removed again is no edit.
 */
export function differsInContent(initial: unknown, current: unknown): boolean {
  return contentOf(initial) !== contentOf(current);
}

function contentOf(value: unknown): string {
  return JSON.stringify(value, (name, field: unknown) =>
    (name === 'id' || name === 'key') && typeof field === 'number' ? undefined : field,
  );
}
