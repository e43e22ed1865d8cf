/**
 * A resource that no longer exists (404) is an answer, not a failure, for a read (Terraform then drops it
 * from state and plans it anew) and for a removal (what removing wanted). One place says so.
 */
import { NotFoundError } from '@flagplane/sdk';

/** What `work` answers, or null when the resource (or its project, flag, environment) is gone. */
export async function unlessGone<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (thrown) {
    if (thrown instanceof NotFoundError) return null;
    throw thrown;
  }
}
