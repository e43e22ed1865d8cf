/**
 * First start (§17): with no identity file and an empty store, create organization `default` and an
 * Owner `admin@localhost`, and hand back that user's new token so `main` can print it once.
 */
import { randomBase62 } from '../features/sdk-keys/sdk-key-secret.js';
import type { Store } from '../store/store.js';
import { applyIdentities, parseIdentityDocument } from './apply-identities.js';

export async function bootstrapIfEmpty(store: Store, now: Date): Promise<string | null> {
  const empty = store.peek((view) => {
    for (const _organization of view.all('organizations')) return false;
    return true;
  });
  if (!empty) return null;
  const token = `fp_pat_${randomBase62(40)}`;
  const document = parseIdentityDocument(
    {
      organizations: [{ slug: 'default', name: 'Default', plan: 'Solo' }],
      users: [
        {
          email: 'admin@localhost',
          name: 'Administrator',
          emailVerified: true,
          memberships: { default: 'Owner' },
          tokens: [token],
        },
      ],
    },
    'the first-start identities',
  );
  await applyIdentities(store, document, now);
  return token;
}
