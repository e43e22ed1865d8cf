/**
 * `flagplane inventory prune`: the inventory null_resource's destroy provisioner. Terraform never runs the
 * destroy provisioner of a block deleted from the code, so the inventory resource, replaced whenever the
 * inventory changes, compares the inventory it held (`FLAGPLANE_PREVIOUS_INVENTORY`, from
 * `self.triggers`) with the newly synthesized one, and applies the old removal policies to what is gone.
 */
import { buildInventoryRemovalPlan, readDesiredAndLiveState, resolveDesiredState } from '@flagplane/engine';
import {
  type DesiredStateSource,
  loadDesiredState,
  parseInventoryJson,
} from '../../desired/load-desired-state.js';
import { openApiSession } from '../shared/api-session.js';
import { type GlobalOptions, UsageError } from '../shared/global-options.js';
import { runPlan } from '../shared/run-plan.js';

export interface InventoryPruneOptions extends GlobalOptions, DesiredStateSource {
  readonly previousVariable: string;
}

export async function inventoryPruneCommand(options: InventoryPruneOptions): Promise<number> {
  const previousJson = process.env[options.previousVariable];
  if (!previousJson?.trim()) {
    throw new UsageError(
      `no previous inventory: set ${options.previousVariable} to the inventory's former desired_state trigger`,
    );
  }
  const previousLoaded = parseInventoryJson(previousJson, options.previousVariable, process.cwd());
  const currentLoaded = await loadDesiredState(options);
  const current = resolveDesiredState(currentLoaded.state, currentLoaded.baseDirectory);
  const session = openApiSession(options);
  const { desired: previous, live } = await readDesiredAndLiveState(session.client, previousLoaded, {
    concurrency: options.concurrency,
  });
  const plan = buildInventoryRemovalPlan(previous, current, live);
  return runPlan(plan, live, session, {
    ...options,
    heading: `Removing what ${currentLoaded.origin} no longer declares`,
    yes: true,
  });
}
