/**
 * An on/off switch (a button with role="switch"). When the `_actions` of the resource say no, it is
 * disabled and says why, as a tooltip and to screen readers.
 */
export interface ToggleSwitchProps {
  readonly checked: boolean;
  /** What the switch turns on and off, for screen readers ("new-checkout in production"). */
  readonly label: string;
  readonly disabledReason?: string | null;
  readonly pending?: boolean;
  readonly onToggle: (next: boolean) => void;
}

export function ToggleSwitch({ checked, label, disabledReason, pending, onToggle }: ToggleSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      class="switch"
      aria-checked={checked ? 'true' : 'false'}
      // The name carries the reason: a disabled button cannot be focused, so a tooltip alone is lost
      // on a screen reader user.
      aria-label={disabledReason ? `${label} (${disabledReason})` : label}
      // While the server answers, the switch keeps the focus (not `disabled`) and ignores clicks.
      aria-disabled={pending ? 'true' : undefined}
      aria-busy={pending ? 'true' : undefined}
      title={disabledReason ?? `${checked ? 'Turn off' : 'Turn on'} ${label}`}
      disabled={Boolean(disabledReason)}
      onClick={() => {
        if (!pending) onToggle(!checked);
      }}
    />
  );
}
