/** One SDK key in the table: never its plaintext, which the API gives only once (§12). */
import type { Action, SdkKeyType } from '@flagplane/contract';
import type { SdkKeyListItem } from '@flagplane/sdk';
import { ActionButton } from '../../components/action-button.js';
import { ApiErrorMessage } from '../../components/api-error-message.js';
import { DateTime } from '../../components/date-time.js';

/** The prefix every key of a type starts with (§5), to recognise a key by its ends. */
const prefixes: Readonly<Record<SdkKeyType, string>> = { ServerSide: 'fp_srv_', ClientSide: 'fp_cli_' };

/** How a key is named without its secret: `fp_srv_…a1b2`. */
export function sdkKeyLabel(type: SdkKeyType | null, lastFourCharacters: string | null): string {
  return `${type ? prefixes[type] : ''}…${lastFourCharacters ?? '????'}`;
}

function DateTimeText({ value, none }: { readonly value: string | null; readonly none: string }) {
  if (value === null) return <span class="muted">{none}</span>;
  return <DateTime value={value} />;
}

export interface SdkKeyView {
  readonly sdkKey: SdkKeyListItem;
  /** From the key's own answer; undefined for a revoked key (nothing left to do with it). */
  readonly revoke: Action | undefined;
}

export interface SdkKeyRowProps {
  readonly view: SdkKeyView;
  readonly revoking: boolean;
  readonly onRevoke: () => void;
  /** Why the last revoke of this key failed. */
  readonly revokeError: unknown;
}

export function SdkKeyRow({ view, revoking, onRevoke, revokeError }: SdkKeyRowProps) {
  const { sdkKey, revoke } = view;
  const label = sdkKeyLabel(sdkKey.type, sdkKey.lastFourCharacters);
  return (
    <tr>
      <td>
        {sdkKey.name ?? <span class="muted">unnamed</span>}
        {sdkKey.description && <div class="muted">{sdkKey.description}</div>}
      </td>
      <td data-label="Type">{sdkKey.type ?? <span class="muted">unknown</span>}</td>
      <td data-label="Key">
        <code>{label}</code>
      </td>
      <td data-label="Created">
        <DateTimeText value={sdkKey.createdAt} none="" />
      </td>
      <td data-label="Last used">
        <DateTimeText value={sdkKey.lastUsedAt} none="never" />
      </td>
      <td data-label="State">
        {sdkKey.isActive ? (
          <span class="badge">Active</span>
        ) : (
          <>
            <span class="badge stale">Revoked</span> <DateTimeText value={sdkKey.revokedAt} none="" />
          </>
        )}
      </td>
      <td>
        {sdkKey.isActive && (
          <ActionButton action={revoke} variant="danger" busy={revoking} onClick={onRevoke}>
            Revoke<span class="visually-hidden"> {sdkKey.name ?? label}</span>
          </ActionButton>
        )}
        <ApiErrorMessage error={revokeError} />
      </td>
    </tr>
  );
}
