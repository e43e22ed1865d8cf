/** The bar on every page, the same as the API docs': the product's name and where to go. */
import type { ComponentChildren } from 'preact';

export function TopBar({ children }: { readonly children?: ComponentChildren }) {
  return (
    <header class="fp-topbar">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <a class="fp-brand" href="/console">
        Flagplane
      </a>
      <nav aria-label="Product">
        <a href="/console">Console</a>
        <a href="/docs" target="_self">
          API reference
        </a>
        <a href="/docs/errors" target="_self">
          Errors
        </a>
      </nav>
      {children}
    </header>
  );
}
