/**
 * The bar on every page, the same as the API docs': the product's name and where to go. On a narrow
 * screen (styles/top-bar-menu.css) the links and `children` (who is signed in, Sign out) fold into a menu
 * behind a disclosure button: it opens and closes by click, Enter or Space (no hover), Escape closes it
 * and gives the focus back to the button, and it closes when the focus or a click leaves the bar, and on
 * every navigation (a link in it, Back). On a wide screen the button is not drawn and the menu is the bar's row.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { mainRegionId } from './focus.js';

const menuId = 'top-bar-menu';

const inside = (container: Element | null, target: EventTarget | null) =>
  target instanceof Node && (container?.contains(target) ?? false);

export function TopBar({ children }: { readonly children?: ComponentChildren }) {
  // Open at one address: a navigation (a link in the menu, Back) leaves it closed on the next page.
  const { url } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === url;
  const setOpen = (next: boolean) => setOpenAt(next ? url : null);
  const bar = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Back to the button only from inside the bar: Escape in a field of the page keeps its focus.
      if (inside(bar.current, document.activeElement)) button.current?.focus();
      setOpenAt(null);
    };
    const closeOnPointerOutside = (event: PointerEvent) => {
      if (!inside(bar.current, event.target)) setOpenAt(null);
    };
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('pointerdown', closeOnPointerOutside);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('pointerdown', closeOnPointerOutside);
    };
  }, [open]);

  return (
    <header
      class="fp-topbar"
      ref={bar}
      data-menu={open ? 'open' : 'closed'}
      onFocusOut={(event) => {
        // Tabbing on past the last item (or Shift+Tab out of the bar) leaves the menu closed behind.
        if (open && !inside(bar.current, event.relatedTarget)) setOpen(false);
      }}
    >
      <a class="skip-link" href={`#${mainRegionId}`}>
        Skip to content
      </a>
      <a class="fp-brand" href="/console">
        Flagplane
      </a>
      <button
        type="button"
        class="fp-menu-button"
        ref={button}
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        Menu
      </button>
      <div class="fp-topbar-menu" id={menuId}>
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
      </div>
    </header>
  );
}
