/**
 * What turns ids into names for people (`findEventNames`, `readFlagContents`) and the list of event
 * actions, on their own: a bundle that splits code (the console) takes them from here into the chunk of
 * the page that uses them; through the package's main entry they would join the chunk of the client.
 */
export { type EventAction, eventActions } from './generated/event-actions.js';
export { type EventNames, type EventNamesOptions, findEventNames, idKindOfPath } from './lib/event-names.js';
export {
  addFlagContents,
  emptyFlagContents,
  type FlagContents,
  type FlagScan,
  type RulePlace,
  readFlagContents,
  ruleLabel,
} from './lib/flag-contents.js';
