/**
 * The bar at the top of the API docs (`/docs`, `/docs/errors`): the same as the console's
 * (packages/console/src/components/top-bar.tsx), styled by the console's tokens.css through its docs
 * stylesheet.
 */

/** The pages the bar links to, in its order. */
const links = [
  { href: '/console', label: 'Console' },
  { href: '/docs', label: 'API reference' },
  { href: '/docs/errors', label: 'Errors' },
] as const;

export type TopBarPage = (typeof links)[number]['href'];

/** The bar as HTML, the link to `current` marked as the current page. */
export function topBarHtml(current: TopBarPage): string {
  const nav = links
    .map(
      ({ href, label }) => `<a href="${href}"${href === current ? ' aria-current="page"' : ''}>${label}</a>`,
    )
    .join('');
  return `<header class="fp-topbar"><a class="fp-brand" href="/console">Flagplane</a><nav aria-label="Product">${nav}</nav></header>`;
}

/**
 * The bar's look without the console's stylesheet (no console build): listed before that stylesheet, which
 * wins wherever it says otherwise.
 */
export const topBarFallbackCss = `.fp-topbar { display: flex; flex-wrap: wrap; align-items: center; gap: 1.25rem; padding: .6rem 1.25rem; border-bottom: 1px solid #d0d7de; font-family: system-ui, sans-serif; }
.fp-topbar .fp-brand { font-weight: 700; }
.fp-topbar nav { display: flex; gap: 1rem; }`;

/** The product's mark (the console's `.fp-brand::before`: a square on its corner), as the docs' icon. */
export const flagplaneIconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="3.5" y="3.5" width="9" height="9" rx="1" fill="#3b3fd8" transform="rotate(45 8 8)"/></svg>';
