/**
 * §20: `managedBy` of projects and flags. Unlike the other properties of a partial `PUT`, `null` is a
 * change (the source releases the resource); omitted keeps it. `at` moves only when the source or its
 * environments change, so a re-apply that declares the same thing writes the same record.
 */
import type { ManagedBy } from '@flagplane/contract';
import type { ManagedByRecord } from '../store/records.js';
import { invalidField } from './api-error.js';

export interface ManagedByRequest {
  readonly source: string;
  readonly environments: readonly string[];
}

/**
 * The `managedBy` a write leaves: `requested` undefined keeps `stored`, null releases, an object claims
 * the resource. `environments` must be keys of the project's environments; a project's are none, which
 * the contract's body schema already holds it to (`ProjectManagedByInput`).
 */
export function managedByAfter(
  stored: ManagedByRecord | null | undefined,
  requested: ManagedByRequest | null | undefined,
  environmentKeys: ReadonlySet<string>,
  now: string,
): ManagedByRecord | null {
  if (requested === undefined) return stored ?? null;
  if (requested === null) return null;
  requested.environments.forEach((key, index) => {
    if (!environmentKeys.has(key)) {
      throw invalidField(`managedBy.environments.${index}`, `unknown environment "${key}" in this project`);
    }
  });
  const same =
    stored?.source === requested.source &&
    stored.environments.length === requested.environments.length &&
    stored.environments.every((key, index) => key === requested.environments[index]);
  return same && stored
    ? stored
    : { source: requested.source, environments: [...requested.environments], at: now };
}

export function managedByOnWire(stored: ManagedByRecord | null | undefined): ManagedBy | null {
  return stored ? { source: stored.source, environments: [...stored.environments], at: stored.at } : null;
}
