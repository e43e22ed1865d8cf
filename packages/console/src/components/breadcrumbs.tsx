/** Where a page sits: organization › project › … , each a link but the last. */
export interface Crumb {
  readonly label: string;
  readonly href?: string;
}

export function Breadcrumbs({ crumbs }: { readonly crumbs: readonly Crumb[] }) {
  return (
    <nav class="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={crumb.label + String(index)}>
            {crumb.href && index < crumbs.length - 1 ? (
              <a href={crumb.href}>{crumb.label}</a>
            ) : (
              <span aria-current={index === crumbs.length - 1 ? 'page' : undefined}>{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
