/**
 * A shell command to paste, shown whole (it wraps; it never scrolls sideways), with a Copy button and a
 * status that says whether the copy worked.
 */
import { useState } from 'preact/hooks';

export interface CopyableCommandProps {
  /** What the command does, said after "Copy" to screen readers ("the CLI command"). */
  readonly label: string;
  readonly command: string;
}

export function CopyableCommand({ label, command }: CopyableCommandProps) {
  const [status, setStatus] = useState('');
  const copy = async () => {
    try {
      // Absent outside a secure context (http:// on another host than localhost).
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(command);
      setStatus('Copied.');
    } catch {
      setStatus('Could not copy: select the command and copy it yourself.');
    }
  };
  return (
    <div class="command">
      <code class="command-text">{command}</code>
      <div class="toolbar">
        <button type="button" onClick={() => void copy()}>
          Copy<span class="visually-hidden"> {label}</span>
        </button>
        {/* Always there, empty until a copy: a live region inserted with its text is often not announced. */}
        <span class="muted" role="status">
          {status}
        </span>
      </div>
    </div>
  );
}
