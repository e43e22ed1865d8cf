/**
 * Collects steps, notices and conflicts while the planners walk the desired and live states. Planners
 * name the changes a step must wait for by id, whether or not those changes turn out to be needed; only
 * the ones that are in the plan remain when it is built.
 */
import type {
  ChangeAction,
  ChangeKind,
  Notice,
  Plan,
  PlanStep,
  PropertyChange,
  StepContext,
} from './plan.js';
import { changeId } from './plan.js';

export interface StepDeclaration {
  readonly kind: ChangeKind;
  readonly project: string;
  readonly resource: string;
  readonly action: ChangeAction;
  readonly changes?: readonly PropertyChange[];
  readonly after?: readonly string[];
  readonly reason?: string;
  readonly run: (context: StepContext) => Promise<void>;
}

const destructiveActions: ReadonlySet<ChangeAction> = new Set(['delete', 'archive', 'revoke', 'rotate']);

export class PlanBuilder {
  readonly #steps: (StepDeclaration & { id: string })[] = [];
  readonly #notices: Notice[] = [];
  readonly #conflicts: string[] = [];

  constructor(readonly organization: string) {}

  /** Adds a step and returns its id. */
  add(step: StepDeclaration): string {
    const id = changeId(step.kind, step.project, step.resource);
    this.#steps.push({ ...step, id });
    return id;
  }

  notice(notice: Notice): void {
    this.#notices.push(notice);
  }

  conflict(message: string): void {
    this.#conflicts.push(message);
  }

  /** Ids of the steps added so far that satisfy `test` (e.g. every configuration step of a project). */
  idsWhere(test: (step: StepDeclaration) => boolean): string[] {
    return this.#steps.filter(test).map((step) => step.id);
  }

  build(): Plan {
    const present = new Set(this.#steps.map((step) => step.id));
    const steps: PlanStep[] = this.#steps.map((step) => ({
      change: {
        id: step.id,
        kind: step.kind,
        project: step.project,
        resource: step.resource,
        action: step.action,
        changes: step.changes ?? [],
        destructive: destructiveActions.has(step.action),
        dependsOn: [...new Set(step.after ?? [])].filter((id) => id !== step.id && present.has(id)),
        ...(step.reason ? { reason: step.reason } : {}),
      },
      run: step.run,
    }));
    return { organization: this.organization, steps, notices: this.#notices, conflicts: this.#conflicts };
  }
}
