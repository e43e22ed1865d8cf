/**
 * What one provider process has read of flags, shared by the resources that need a flag's variations
 * (a flag environment names them by key, the API by id): one `GET` per flag per process, whoever asks
 * first, forgotten as soon as anything writes to the flag. Terraform runs a whole plan or apply in one
 * provider process, so a flag and its environments read together cost one request.
 *
 * Writes that read-modify-write a flag (its `managedBy.environments`) run one at a time per flag: Terraform
 * applies up to ten resources at once, and two environments of one flag must not lose each other's key.
 */
import type { Flag } from '@flagplane/contract';
import { type FlagplaneClient, NotFoundError } from '@flagplane/sdk';

export class FlagReads {
  private readonly reads = new Map<string, Promise<Flag | null>>();
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly client: FlagplaneClient,
    private readonly organization: string,
  ) {}

  /** The flag, or null when it does not exist. */
  flag(project: string, key: string): Promise<Flag | null> {
    const id = `${project}/${key}`;
    let read = this.reads.get(id);
    if (!read) {
      read = this.client.flags.retrieve(this.organization, project, key).catch((thrown: unknown) => {
        if (thrown instanceof NotFoundError) return null;
        this.reads.delete(id);
        throw thrown;
      });
      this.reads.set(id, read);
    }
    return read;
  }

  /** What was read before a write is no longer true. */
  forget(project: string, key: string): void {
    this.reads.delete(`${project}/${key}`);
  }

  /** Runs `work` after every earlier `exclusive` of the same flag has finished. */
  exclusive<T>(project: string, key: string, work: () => Promise<T>): Promise<T> {
    const id = `${project}/${key}`;
    const previous = this.locks.get(id) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.locks.set(id, next);
    return next;
  }
}
