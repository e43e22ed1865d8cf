/**
 * The contract's checks, loaded the first time a body or an answer is checked. Loading them builds every
 * zod schema of the API (most of the SDK's start-up: ~15 ms on a page in a browser); a client that only
 * reads without validating answers (the console's first page) never pays for it. Node loads it once, on
 * the first write or validated answer.
 */
type ContractChecks = typeof import('./contract-checks.js');

let loading: Promise<ContractChecks> | undefined;

export function loadContractChecks(): Promise<ContractChecks> {
  loading ??= import('./contract-checks.js');
  return loading;
}
