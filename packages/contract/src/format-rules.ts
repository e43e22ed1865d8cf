/**
 * The numbers and patterns of §2 as plain values, without zod: the schemas in formats.ts are built from
 * them, and code that must stay small (the evaluator, which also runs in the browser) reads them from
 * here (`@flagplane/contract/format-rules`).
 */

/** The numbers of §2, exported so tests and error messages use the same values as the schemas. */
export const limits = {
  /** §3: a request body is at most 1 MiB of JSON (UTF-8 bytes); one byte more is `413 payload_too_large`. */
  requestBodyBytes: 1024 * 1024,
  orgSlugLength: 64,
  resourceKeyLength: 64,
  flagKeyLength: 128,
  variationKeyLength: 64,
  nameLength: 200,
  descriptionLength: 2000,
  tagLength: 64,
  tagsPerFlag: 50,
  sortOrderMax: 2_147_483_647,
  variationValueBytes: 32 * 1024,
  variationsPerFlag: 100,
  conditionAttributeLength: 256,
  conditionValues: 1000,
  conditionValueLength: 1024,
  conditionGroupsPerRule: 20,
  conditionsPerGroup: 50,
  rulesPerConfiguration: 100,
  prerequisitesPerConfiguration: 10,
  regexPatternLength: 1024,
  segmentContextKeys: 10_000,
  environmentsPerProjectCreation: 50,
  activeSdkKeysPerEnvironment: 50,
  /** §20 */
  managedBySourceLength: 500,
  managedByEnvironments: 1000,
  /** §19: the `client` of an event is the request's User-Agent product token when it is at most this long. */
  eventClientLength: 200,
  /** §21: an evaluation context */
  contextKeyLength: 256,
  contextAttributeNameLength: 256,
  contextAttributes: 1000,
  contextArrayValues: 1000,
  evaluateFlags: 1000,
  pageSizeDefault: 50,
  pageSizeMax: 200,
} as const;

export const patterns = {
  orgSlug: /^[a-z0-9]+(-[a-z0-9]+)*$/,
  resourceKey: /^[a-z0-9][a-z0-9_-]*$/,
  flagKey: /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
  variationKey: /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
  tag: /^[A-Za-z0-9][A-Za-z0-9._:/-]*$/,
  color: /^#[0-9A-Fa-f]{6}$/,
  uuid: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
  /** The text of a finite JSON number. */
  jsonNumber: /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/,
  /** Semantic Versioning 2.0.0, the regular expression published with the specification. */
  semver:
    /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/,
} as const;

/**
 * The one order of keys: by UTF-16 code units, never by locale, so a list, a delivered document, a plan
 * and a generated file order keys the same way on every machine. For `Array.prototype.sort`.
 */
export function compareKeys(a: { readonly key: string }, b: { readonly key: string }): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}
