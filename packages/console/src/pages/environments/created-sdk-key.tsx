/**
 * The one time an SDK key's plaintext is shown (§12): with a Copy button and the warning that it will not
 * be shown again (said once). The text lives in the page's memory only while this is open: never in
 * storage, the address or a log; once hidden, it is gone. Until it is copied, leaving the page asks first.
 */
import type { SdkKeyCreated } from '@flagplane/sdk';
import { useState } from 'preact/hooks';
import { useFocusOnOpen } from '../../components/focus.js';
import { useLeaveGuard } from '../../signed-in/leave-guard.js';

export interface CreatedSdkKeyProps {
  readonly created: SdkKeyCreated;
  /** What became of a copy ("Copied"), for the page's one status message, shown under this. */
  readonly onCopyOutcome: (message: string) => void;
  /** Hides the key for good; `copied` says whether the person copied it first. */
  readonly onDismiss: (copied: boolean) => void;
}

export function CreatedSdkKey({ created, onCopyOutcome, onDismiss }: CreatedSdkKeyProps) {
  const [copied, setCopied] = useState(false);
  // Appearing where the form was, the key takes the focus, so a screen reader reads the warning first.
  const heading = useFocusOnOpen<HTMLHeadingElement>();
  const name = created.name ?? `${created.type} key`;
  useLeaveGuard(copied ? null : `the text of the new SDK key ${name}, which cannot be shown again`);

  const copy = async () => {
    if (created.key === null) return;
    try {
      // Absent outside a secure context (http:// on another host than localhost).
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      onCopyOutcome('Copied');
    } catch {
      onCopyOutcome('Could not copy: select the key and copy it yourself.');
    }
  };

  return (
    <section class="card" aria-labelledby="created-sdk-key-title">
      <h2 id="created-sdk-key-title" ref={heading} tabIndex={-1}>
        New SDK key: {name}
      </h2>
      <p class="notice">
        {created.warning ?? 'This key is shown once and cannot be recovered. Store it now.'} Keep it where
        your application reads its secrets.
      </p>
      {created.key === null ? (
        <p class="error-box">The server's answer held no key text. Revoke this key and create another.</p>
      ) : (
        <div class="secret">{created.key}</div>
      )}
      <div class="toolbar">
        <button type="button" class="primary" disabled={created.key === null} onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" onClick={() => onDismiss(copied)}>
          Hide the key
        </button>
      </div>
    </section>
  );
}
