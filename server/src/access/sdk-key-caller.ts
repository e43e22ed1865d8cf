/**
 * §21: an SDK key as a credential, on the delivery paths only (`/api/v1/sdk/…`). The key is found by the
 * SHA-256 hash of what the caller sends, like a token: the plaintext is never stored. The records have
 * no index by hash, so the ids of keys already seen are remembered by hash in this process (a key's hash
 * never changes); an unknown hash costs one pass over the SDK keys, which the per-address rate limit
 * bounds. The record is read again on every request, so a revoked key is refused at once.
 */
import { ApiError } from '../domain/api-error.js';
import type { EnvironmentRecord, ProjectRecord, SdkKeyRecord } from '../store/records.js';
import type { StoreView } from '../store/store.js';
import { TokenHashes } from './token-hashes.js';

export interface SdkKeyCaller {
  readonly key: SdkKeyRecord;
  readonly environment: EnvironmentRecord;
  readonly project: ProjectRecord;
  readonly organizationId: string;
}

/** The key and what it reads, as one read of the store sees them. */
export type SdkKeyScope = SdkKeyCaller;

/**
 * The caller's key, environment and project in `view`: a key revoked, or an environment or project
 * deleted, since the request was authenticated is `401`, like any key that opens nothing.
 */
export function currentSdkKeyScope(view: StoreView, caller: SdkKeyCaller): SdkKeyScope {
  const key = view.get('sdkKeys', caller.key.id);
  const environment = view.get('environments', caller.environment.id);
  const project = environment ? view.get('projects', environment.projectId) : undefined;
  if (!key?.isActive || !environment || !project) {
    throw new ApiError('unauthorized', 'The SDK key is invalid or revoked.');
  }
  return { key, environment, project, organizationId: project.organizationId };
}

/** What an SDK key looks like (§12): a type prefix and 40 base62 characters. */
export const sdkKeyPattern = /^fp_(srv|cli)_[0-9A-Za-z]{40}$/;

export class SdkKeyLookup {
  readonly #hashes = new TokenHashes();
  readonly #idsByHash = new Map<string, string>();

  /** The active key behind `secret` and where it belongs, or null (unknown, revoked, or not a key). */
  callerFor(view: StoreView, secret: string): SdkKeyCaller | null {
    // A secret whose hash is remembered has named a key before: its shape was checked then.
    const remembered = this.#hashes.remembered(secret);
    if (remembered === undefined && !sdkKeyPattern.test(secret)) return null;
    const hash = remembered ?? this.#hashes.hashOf(secret);
    const key = this.#find(view, hash);
    if (!key) return null;
    this.#hashes.remember(secret, hash);
    if (!key.isActive || key.revokedAt !== null) return null;
    const environment = view.get('environments', key.environmentId);
    const project = environment ? view.get('projects', environment.projectId) : undefined;
    if (!environment || !project) return null;
    return { key, environment, project, organizationId: project.organizationId };
  }

  #find(view: StoreView, hash: string): SdkKeyRecord | undefined {
    const knownId = this.#idsByHash.get(hash);
    const known = knownId === undefined ? undefined : view.get('sdkKeys', knownId);
    if (known?.hash === hash) return known;
    for (const key of view.all('sdkKeys')) {
      if (key.hash === hash) {
        this.#idsByHash.set(hash, key.id);
        return key;
      }
    }
    return undefined;
  }
}
