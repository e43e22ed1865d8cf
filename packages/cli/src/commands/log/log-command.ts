/**
 * `flagplane log`: the organization's events (§19), newest first, filtered as the API filters them. Text
 * gives one heading line per event (when, who, with what, which resource) and a line per changed
 * property; `--json` gives `{items}` with the events as the API returns them.
 */
import { type Event, EventResourceKind } from '@flagplane/contract';
import type { EventListParams } from '@flagplane/sdk';
import { findEventNames } from '@flagplane/sdk/names';
import { actorName, eventChangeLines, eventResource, timeAgo } from '../../output/event-text.js';
import { terminalStyle } from '../../output/terminal-style.js';
import { openApiSession } from '../shared/api-session.js';
import { exitCodes } from '../shared/exit-codes.js';
import { type GlobalOptions, UsageError } from '../shared/global-options.js';
import { writeJson, writeText } from '../shared/write-output.js';
import { pointInTime } from './point-in-time.js';

export interface LogOptions extends GlobalOptions {
  readonly org: string;
  readonly project?: string;
  readonly flag?: string;
  readonly env?: string;
  readonly resourceKind?: string;
  readonly actor?: string;
  readonly action?: string;
  readonly since?: string;
  readonly until?: string;
  /** Events printed at most. */
  readonly limit: number;
}

/** The contract's kinds, for a usage error that lists them before any request. */
const resourceKinds: readonly EventResourceKind[] = EventResourceKind.options;

/** The options as the API's filters; checked here first so that a typo is a usage error, not a 400. */
function filters(options: LogOptions, now: number): EventListParams {
  const kind = options.resourceKind;
  const resourceKind = resourceKinds.find((candidate) => candidate.toLowerCase() === kind?.toLowerCase());
  if (kind !== undefined && !resourceKind)
    throw new UsageError(`--resource-kind must be one of ${resourceKinds.join(', ')}; got "${kind}"`);
  const since = options.since === undefined ? undefined : pointInTime('--since', options.since, now);
  const until = options.until === undefined ? undefined : pointInTime('--until', options.until, now);
  if (since !== undefined && until !== undefined && since >= until)
    throw new UsageError(`--since (${since}) must be before --until (${until})`);
  const query: EventListParams = {
    project: options.project,
    environment: options.env,
    flag: options.flag,
    resourceKind,
    actor: options.actor,
    action: options.action,
    since,
    until,
    limit: Math.min(100, options.limit),
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

export async function logCommand(options: LogOptions): Promise<number> {
  const now = Date.now();
  const query = filters(options, now);
  const session = openApiSession(options);
  const events: Event[] = [];
  for await (const event of session.client.events.list(options.org, query)) {
    events.push(event);
    if (events.length >= options.limit) break;
  }
  if (options.json) {
    writeJson({ items: events });
    return exitCodes.success;
  }
  const style = terminalStyle(process.stdout);
  if (events.length === 0) {
    if (!options.quiet) process.stderr.write('No events match.\n');
    return exitCodes.success;
  }
  // Names for the ids the events carry (an SDK key, a rule, a variation): a few list requests, not one per event.
  const names = await findEventNames(session.client, options.org, events, { flag: options.flag });
  const lines: string[] = [];
  for (const event of events) {
    const via = event.client ? ` via ${event.client}` : '';
    lines.push(
      `${style.bold(event.createdAt)} ${style.dim(`(${timeAgo(event.createdAt, now)})`)}  ${style.cyan(event.action)}  ${eventResource(event, names)}`,
      `  by ${actorName(event)}${via}`,
      ...eventChangeLines(event, undefined, names).map((line) => `    ${line}`),
      '',
    );
  }
  writeText(`${lines.join('\n')}`);
  return exitCodes.success;
}
