/** §20: a resource declared in code shows where (`file:flags.yaml`, `cdktf:prod-flags`). */
import type { ManagedBy } from '@flagplane/contract';

export function ManagedBadge({ managedBy }: { readonly managedBy: ManagedBy | null | undefined }) {
  if (!managedBy) return null;
  const environments =
    managedBy.environments.length > 0 ? `; declares ${managedBy.environments.join(', ')}` : '';
  return (
    <span class="badge managed" title={`Managed by code: ${managedBy.source}${environments}`}>
      managed by {managedBy.source}
    </span>
  );
}

/**
 * The question to ask before a person changes what code declares, or null when nothing declares it:
 * the next apply of the source would put the declared value back.
 */
export function managedChangeWarning(
  managedBy: ManagedBy | null | undefined,
  what: string,
  environmentKey?: string | null,
): string | null {
  if (!managedBy) return null;
  if (environmentKey != null && !managedBy.environments.includes(environmentKey)) return null;
  return `${what} is managed by ${managedBy.source}. The next apply of ${managedBy.source} will revert this change. Change it anyway?`;
}
