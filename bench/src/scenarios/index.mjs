/**
 * Every scenario, in report order. A scenario is `{ id, title, measures, run(ctx) }`; `run` returns
 * `{ title, measures, targets, tables, notes }` (see README.md, "Adding a scenario").
 */
import { getFlag } from './get-flag.mjs';
import { listFlags } from './list-flags.mjs';
import { serverStart } from './server-start.mjs';
import { toggleWrites } from './toggle-writes.mjs';

export const scenarios = [listFlags, getFlag, toggleWrites, serverStart];
