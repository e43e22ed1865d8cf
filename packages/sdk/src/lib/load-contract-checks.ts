/**
 * The contract's checks, loaded the first time a body or an answer is checked, or as soon as a client that
 * validates answers is created (preloadContractChecks). Loading them builds every zod schema of the API
 * (most of the SDK's start-up: ~15 ms on a page in a browser, more in Node); a client that only reads
 * without validating answers (the console's first page) never pays for it.
 */
import { FlagplaneError } from './errors.js';

export type ContractChecks = typeof import('./contract-checks.js');

let loading: Promise<ContractChecks> | undefined;
let loaded: ContractChecks | undefined;

export function loadContractChecks(): Promise<ContractChecks> {
  loading ??= import('./contract-checks.js').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      // Not kept: the next call imports again. Whether that can succeed is the runtime's: Node replays an
      // error the module threw while evaluating; browsers differ on fetching a failed module again.
      loading = undefined;
      throw new FlagplaneError(
        `Could not load the contract's schemas, which check request bodies and answers: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    },
  );
  return loading;
}

/** The checks once loaded, without waiting: the calls after the first pay no extra turn of the loop. */
export function loadedContractChecks(): ContractChecks | undefined {
  return loaded;
}

/**
 * Starts loading the checks now, for a client that will need them (one that validates answers), so the
 * import runs while its first request is on the wire instead of after the answer. A failure is reported
 * by the call that needs the checks.
 */
export function preloadContractChecks(): void {
  loadContractChecks().catch(() => {});
}
