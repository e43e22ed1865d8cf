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
  const disabled = Boolean(disabledReason) || Boolean(pending);
  return (
    <button
      type="button"
      role="switch"
      class="switch"
      aria-checked={checked ? 'true' : 'false'}
      aria-label={label}
      aria-disabled={disabled ? 'true' : undefined}
      title={disabledReason ?? `${checked ? 'Turn off' : 'Turn on'} ${label}`}
      disabled={disabled}
      onClick={() => onToggle(!checked)}
    >
      <span class="track" aria-hidden="true" />
      <span class="state" aria-hidden="true">
        {checked ? 'On' : 'Off'}
      </span>
      {disabledReason && <span class="visually-hidden">{`(${disabledReason})`}</span>}
    </button>
  );
}
