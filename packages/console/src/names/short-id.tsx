/**
 * An id shown where no name is left to show (the resource was deleted): its first 8 characters, enough to
 * tell two apart in one page, with the whole id in a title.
 */
export const shortId = (id: string) => (id.length > 9 ? `${id.slice(0, 8)}…` : id);

/** A name when there is one; otherwise the short id, the whole id in its title. */
export function NameOrId({ id, name }: { readonly id: string; readonly name: string | undefined }) {
  if (name !== undefined) return <>{name}</>;
  return (
    <span class="muted" title={`${id} (no longer exists)`}>
      {shortId(id)}
    </span>
  );
}
