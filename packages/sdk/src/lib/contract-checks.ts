/**
 * What the client checks bodies and answers with: the contract's endpoint table (its zod schemas) and
 * its validation helpers. Loaded on first need by load-contract-checks.ts, never imported statically: a
 * bundler makes this module (and only the part of the contract it names) a chunk of its own.
 */
export { describeIssues, endpoints, validateInput } from '@flagplane/contract';
