/**
 * A button for one of a resource's `_actions`: when the API says no, it is disabled and says why, as a
 * tooltip and to screen readers (a disabled button gets no focus, so the reason is also in its name).
 * Shared by every page that offers a write (flag, segments, environments, SDK keys).
 */
import type { Action } from '@flagplane/contract';
import type { ComponentChildren } from 'preact';

/**
 * Why an `_actions` entry refuses: its `reason` (or "Not allowed." when it gives none) when it is not
 * allowed, null when it is allowed.
 *
 * An undefined entry gives null too: it means "not known yet" (the page that carries it is still
 * loading), not a refusal, so there is no reason to show. Whatever it offers must stay off meanwhile:
 * ActionButton does that itself; other callers check for undefined before enabling anything.
 */
export function refusalOf(action: Action | undefined): string | null {
  if (!action) return null;
  return action.allowed ? null : (action.reason ?? 'Not allowed.');
}

export interface ActionButtonProps {
  /** The `_actions` entry; undefined while it is unknown, which disables the button too. */
  readonly action: Action | undefined;
  /** Not needed for a submit button (its form's onSubmit runs). */
  readonly onClick?: () => void;
  /**
   * A write of this button is under way: aria-disabled and aria-busy until it ends, clicks ignored. Not
   * `disabled`: a disabled button loses the focus, and a keyboard user would be thrown to the page's top.
   */
  readonly busy?: boolean;
  /** Off for a reason of the page's own (the first rule cannot move up), not the API's. */
  readonly disabled?: boolean;
  readonly variant?: 'primary' | 'danger';
  readonly type?: 'button' | 'submit';
  /** For moving the focus back to the button when what it opened closes. */
  readonly id?: string;
  /** Said after the visible text to screen readers ("rule 2" after "Remove"). */
  readonly context?: string;
  readonly children: ComponentChildren;
}

export function ActionButton({
  action,
  onClick,
  busy = false,
  disabled = false,
  variant,
  type = 'button',
  id,
  context,
  children,
}: ActionButtonProps) {
  const refusal = refusalOf(action);
  return (
    <button
      id={id}
      type={type}
      class={variant}
      disabled={!action || refusal !== null || disabled}
      aria-disabled={busy ? 'true' : undefined}
      aria-busy={busy ? 'true' : undefined}
      title={refusal ?? undefined}
      onClick={(event) => {
        if (busy)
          event.preventDefault(); // also keeps a submit button from submitting twice
        else if (type === 'button') onClick?.();
      }}
    >
      {children}
      {context && <span class="visually-hidden"> {context}</span>}
      {refusal && <span class="visually-hidden">{` (${refusal})`}</span>}
    </button>
  );
}
