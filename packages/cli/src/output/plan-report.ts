/**
 * A plan for people (grouped by project, then resource, with `before → after` per property) and for
 * programs (`--json`: the same content as data).
 */
import type { Notice, Plan, PlannedChange } from '../engine/plan.js';
import { displayValue } from './display-value.js';
import type { TerminalStyle } from './terminal-style.js';

export interface PlanSummary {
  readonly create: number;
  readonly update: number;
  readonly remove: number;
  readonly notices: number;
}

export function summarize(plan: Plan): PlanSummary {
  const count = (test: (change: PlannedChange) => boolean) =>
    plan.steps.filter((step) => test(step.change)).length;
  return {
    create: count((change) => change.action === 'create'),
    update: count((change) => !change.destructive && change.action !== 'create'),
    remove: count((change) => change.destructive),
    notices: plan.notices.length,
  };
}

export function planAsJson(plan: Plan) {
  return {
    organization: plan.organization,
    hasChanges: plan.steps.length > 0,
    summary: summarize(plan),
    changes: plan.steps.map((step) => step.change),
    notices: plan.notices,
    conflicts: plan.conflicts,
  };
}

const symbols: Record<PlannedChange['action'], string> = {
  create: '+',
  update: '~',
  restore: '~',
  rotate: '±',
  delete: '-',
  archive: '-',
  revoke: '-',
};

export function planAsText(plan: Plan, style: TerminalStyle, heading: string): string {
  const lines: string[] = [style.bold(heading), ''];
  const projects = [
    ...new Set([
      ...plan.steps.map((step) => step.change.project),
      ...plan.notices.flatMap((notice) => (notice.project ? [notice.project] : [])),
    ]),
  ];
  for (const project of projects) {
    lines.push(style.bold(`project ${project}`));
    for (const { change } of plan.steps.filter((step) => step.change.project === project)) {
      lines.push(...changeLines(change, style));
    }
    for (const notice of plan.notices.filter((candidate) => candidate.project === project)) {
      lines.push(noticeLine(notice, style));
    }
    lines.push('');
  }
  for (const notice of plan.notices.filter((candidate) => !candidate.project))
    lines.push(noticeLine(notice, style));
  for (const conflict of plan.conflicts) lines.push(style.red(`✗ ${conflict}`));
  if (plan.conflicts.length > 0) lines.push('');
  const summary = summarize(plan);
  lines.push(
    plan.steps.length === 0
      ? style.green('No changes. The live state matches the desired state.')
      : `Plan: ${style.green(`${summary.create} to create`)}, ${style.yellow(`${summary.update} to update`)}, ${style.red(`${summary.remove} to remove`)}.`,
  );
  return `${lines.join('\n')}\n`;
}

function changeLines(change: PlannedChange, style: TerminalStyle): string[] {
  const color = change.destructive ? style.red : change.action === 'create' ? style.green : style.yellow;
  const reason = change.reason ? style.dim(` (${change.reason})`) : '';
  const lines = [
    `  ${color(`${symbols[change.action]} ${change.kind} ${change.resource}`)} ${color(change.action)}${reason}`,
  ];
  for (const property of change.changes) {
    // A creation lists what it sets; the defaults it leaves alone are noise.
    if (change.action === 'create' && isEmpty(property.after)) continue;
    const before = displayValue(property.property, property.before);
    const after = displayValue(property.property, property.after);
    lines.push(
      change.action === 'create'
        ? `      ${property.property}: ${after}`
        : `      ${property.property}: ${before} → ${after}`,
    );
  }
  return lines;
}

function noticeLine(notice: Notice, style: TerminalStyle): string {
  const mark = notice.level === 'warning' ? style.yellow('!') : style.cyan('·');
  return `  ${mark} ${notice.resource}: ${notice.message}`;
}

function isEmpty(value: unknown): boolean {
  return (
    value === null || value === undefined || value === false || (Array.isArray(value) && value.length === 0)
  );
}
