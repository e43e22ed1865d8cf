export { bucket } from './bucket.js';
export { evaluateAll, FlagEvaluator } from './evaluate.js';
export type * from './evaluation-types.js';
export { type FlatContextReading, readFlatContext } from './flat-context.js';
export { compareSemver, parseSemver, type SemanticVersion } from './semver.js';
