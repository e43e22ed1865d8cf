export * from './canonical-json.js';
export * from './cdktf-inventory.js';
export * from './desired-flag.js';
export * from './desired-state-problem.js';
export * from './desired-state-schema.js';
export { prerequisiteCycles } from './prerequisite-cycles.js';
export * from './removal-policy.js';
export * from './resource-spec.js';
export * from './validate-desired-state.js';
