/** Under the flag's heading: its key, type, staleness, who manages it, its marks, its tags, and its events. */
import type { Flag } from '@flagplane/sdk';
import { ManagedBadge } from '../../components/managed-badge.js';
import { consolePaths } from '../../signed-in/console-paths.js';
import type { FlagScope } from './flag-scope.js';
import { temporaryHint } from './temporary-mark.js';

/** §8: New and Active are fresh; Stale (serves one variation everywhere) and Archived call for attention. */
const stalenessTitles: Readonly<Record<Flag['staleness'], string>> = {
  New: 'Created in the last 7 days.',
  Active: 'Changed in the last 30 days, or serves different variations to different contexts.',
  Stale: 'Every environment serves one variation to everyone: a candidate for removal from code.',
  Archived: 'Archived: it refuses every change until it is restored.',
};

export function FlagSummary({ scope }: { readonly scope: FlagScope }) {
  const { flag, org, project, flagKey } = scope;
  const fresh = flag.staleness === 'New' || flag.staleness === 'Active';
  const eventsHref = `${consolePaths.projectEvents(org, project)}?flag=${encodeURIComponent(flag.key ?? flagKey)}`;
  return (
    <div class="flag-summary">
      <p>
        <code>{flag.key ?? flagKey}</code>
        {flag.type && <span class="badge">{flag.type}</span>}
        <span class={fresh ? 'badge' : 'badge stale'} title={stalenessTitles[flag.staleness]}>
          {flag.staleness.toLowerCase()}
          <span class="visually-hidden"> ({stalenessTitles[flag.staleness]})</span>
        </span>
        <ManagedBadge managedBy={flag.managedBy} />
        {flag.temporary && (
          <span class="badge" title={temporaryHint}>
            temporary<span class="visually-hidden"> ({temporaryHint})</span>
          </span>
        )}
        {flag.clientSideVisible && (
          <span class="badge" title="Client-side SDK keys may evaluate this flag.">
            client-side
          </span>
        )}
      </p>
      {flag.tags && flag.tags.length > 0 && (
        <>
          <span class="visually-hidden">Tags:</span>
          <ul class="flag-tags">
            {flag.tags.map((tag) => (
              <li key={tag} class="tag">
                {tag}
              </li>
            ))}
          </ul>
        </>
      )}
      {flag.isArchived && (
        <p class="notice" role="status">
          This flag is archived: evaluation leaves it out, and it refuses every change but restore and delete.
        </p>
      )}
      <p>
        <a href={eventsHref}>Events of this flag</a>
      </p>
    </div>
  );
}
