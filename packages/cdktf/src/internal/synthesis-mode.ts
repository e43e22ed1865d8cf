/**
 * Whether the constructs' resources hand cdktf their blocks already resolved (resource-fragment.ts), or
 * let cdktf resolve them like any other resource. The fast path follows cdktf 0.21's internals; the
 * plain one is cdktf's own. Only the tests switch it off, to prove both write the same JSON byte for
 * byte (test/synthesis-paths.test.ts): an upgrade of cdktf that changed its internals shows there first.
 */
let fastSynthesis = true;

export function usesFastSynthesis(): boolean {
  return fastSynthesis;
}

/** For tests: synthesize with cdktf's own resolution (false) or the fast path (true, the default). */
export function setFastSynthesis(enabled: boolean): void {
  fastSynthesis = enabled;
}
