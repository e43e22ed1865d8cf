/**
 * A plan for people (grouped by project, then resource, with `before → after` per property) and for
 * programs (`--json`: the same content as data). With drift attributions, each property that drifted
 * also says which event last changed it live (who, when, with what client).
 */
import type { Event } from '@flagplane/contract';
import type { DriftAttributions, Notice, Plan, PlannedChange } from '@flagplane/engine';
import { adoptionText, isAdoption, onlyAdopts } from './adoption.js';
import { displayValue } from './display-value.js';
import { eventOrigin } from './event-text.js';
import type { TerminalStyle } from './terminal-style.js';

export interface PlanSummary {
  readonly create: number;
  readonly update: number;
  /** Of the updates, those that only adopt a resource (§20: its first `managedBy`). */
  readonly adopt: number;
  readonly remove: number;
  readonly notices: number;
}

export function summarize(plan: Plan): PlanSummary {
  const count = (test: (change: PlannedChange) => boolean) =>
    plan.steps.filter((step) => test(step.change)).length;
  return {
    create: count((change) => change.action === 'create'),
    update: count((change) => !change.destructive && change.action !== 'create'),
    adopt: count(onlyAdopts),
    remove: count((change) => change.destructive),
    notices: plan.notices.length,
  };
}

const noAttributions: DriftAttributions = new Map();

/** What `--json` says about the event behind a drifted property. */
function lastChange(event: Event) {
  return {
    eventId: event.id,
    at: event.createdAt,
    action: event.action,
    actor: event.actor,
    client: event.client,
  };
}

export function planAsJson(plan: Plan, attributions: DriftAttributions = noAttributions) {
  return {
    organization: plan.organization,
    hasChanges: plan.steps.length > 0,
    summary: summarize(plan),
    changes: plan.steps.map(({ change }) => {
      const events = attributions.get(change.id);
      if (!events && !change.changes.some(isAdoption)) return change;
      return {
        ...change,
        changes: change.changes.map((property) => {
          const event = events?.get(property.property);
          return {
            ...property,
            ...(isAdoption(property) ? { adoption: true } : {}),
            ...(event ? { lastChange: lastChange(event) } : {}),
          };
        }),
      };
    }),
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

export function planAsText(
  plan: Plan,
  style: TerminalStyle,
  heading: string,
  attributions: DriftAttributions = noAttributions,
): string {
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
      lines.push(...changeLines(change, style, attributions.get(change.id)));
    }
    for (const notice of plan.notices.filter((candidate) => candidate.project === project)) {
      lines.push(noticeLine(notice, style));
    }
    lines.push('');
  }
  const general = plan.notices.filter((candidate) => !candidate.project);
  for (const notice of general) lines.push(noticeLine(notice, style));
  if (general.length > 0) lines.push('');
  for (const conflict of plan.conflicts) lines.push(style.red(`✗ ${conflict}`));
  if (plan.conflicts.length > 0) lines.push('');
  lines.push(closingLine(plan, style));
  return `${lines.join('\n')}\n`;
}

/** The last line says what matters most: a conflict, then the changes, then a warning, then "nothing". */
function closingLine(plan: Plan, style: TerminalStyle): string {
  const summary = summarize(plan);
  const adoptions =
    summary.adopt === 0
      ? ''
      : summary.adopt === summary.update
        ? ` (${summary.adopt === 1 ? 'an adoption' : `all ${summary.adopt} adoptions`})`
        : ` (${summary.adopt} of them ${summary.adopt === 1 ? 'an adoption' : 'adoptions'})`;
  const counts = `${style.green(`${summary.create} to create`)}, ${style.yellow(`${summary.update} to update${adoptions}`)}, ${style.red(`${summary.remove} to remove`)}`;
  if (plan.conflicts.length > 0) {
    return style.red(
      `Cannot apply: ${countOf(plan.conflicts.length, 'conflict')} above (no write can resolve ${plan.conflicts.length === 1 ? 'it' : 'them'}); ` +
        `nothing is changed until ${plan.conflicts.length === 1 ? 'it is' : 'they are'} resolved. Planned besides: ${summary.create} to create, ${summary.update} to update, ${summary.remove} to remove.`,
    );
  }
  const warnings = plan.notices.filter((notice) => notice.level === 'warning').length;
  const warned = warnings > 0 ? style.yellow(` Read the ${countOf(warnings, 'warning')} above.`) : '';
  if (plan.steps.length > 0) return `Plan: ${counts}.${warned}`;
  return warnings > 0
    ? style.yellow(
        `No changes to make, but the ${countOf(warnings, 'warning')} above need${warnings === 1 ? 's' : ''} attention.`,
      )
    : style.green('No changes. The live state matches the desired state.');
}

function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function changeLines(
  change: PlannedChange,
  style: TerminalStyle,
  events: ReadonlyMap<string, Event> | undefined,
): string[] {
  const now = Date.now();
  const color = change.destructive ? style.red : change.action === 'create' ? style.green : style.yellow;
  const reason = change.reason ? style.dim(` (${change.reason})`) : '';
  /** Who made the live value what it is: a change, or (for a `managedBy` now null) a release. */
  const originOf = (property: PlannedChange['changes'][number]) => {
    const event = events?.get(property.property);
    if (!event) return '';
    return style.dim(`  (${isAdoption(property) ? 'released' : 'changed'} by ${eventOrigin(event, now)})`);
  };
  const [adoption] = change.changes.filter(isAdoption);
  if (adoption && onlyAdopts(change)) {
    // Nothing else changes: one line says it all.
    return [
      `  ${color(`${symbols[change.action]} ${change.kind} ${change.resource}`)} ${color(adoptionText(adoption))}${reason}${originOf(adoption)}`,
    ];
  }
  const lines = [
    `  ${color(`${symbols[change.action]} ${change.kind} ${change.resource}`)} ${color(change.action)}${reason}`,
  ];
  for (const property of change.changes) {
    // A creation lists what it sets; the defaults it leaves alone are noise.
    if (change.action === 'create' && isEmpty(property.after)) continue;
    const before = displayValue(property.property, property.before);
    const after = displayValue(property.property, property.after);
    if (change.action === 'create') lines.push(`      ${property.property}: ${after}`);
    else if (isAdoption(property)) lines.push(`      ${adoptionText(property)}${originOf(property)}`);
    else lines.push(`      ${property.property}: ${before} → ${after}${originOf(property)}`);
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
