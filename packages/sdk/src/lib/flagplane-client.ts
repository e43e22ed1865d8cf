/** The client: every resource of the API over one configured transport. */
import { FlagplaneResources } from '../generated/flagplane-resources.js';
import { ClientCore } from './client-core.js';
import { type ClientOptions, resolveClientOptions } from './client-options.js';

export class FlagplaneClient extends FlagplaneResources {
  constructor(options: ClientOptions = {}) {
    super(new ClientCore(resolveClientOptions(options)));
  }
}

/**
 * A client for the Flagplane API. Options that are not given come from `FLAGPLANE_BASE_URL` and
 * `FLAGPLANE_TOKEN`; a missing address or token is an error here, not at the first call.
 */
export function createClient(options: ClientOptions = {}): FlagplaneClient {
  return new FlagplaneClient(options);
}
