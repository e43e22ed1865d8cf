/**
 * An event log of any size for the events benchmarks, added to a store document before the server opens
 * it: events in the server's record shape (records.ts `EventRecord`), toggles spread round-robin over the
 * document's flags, with UUID v7 ids in time order over the last `spanDays` days (inside the default
 * 90-day retention, so the server's background pruning leaves them alone).
 */
import { randomBytes } from 'node:crypto';
import { open, writeFile } from 'node:fs/promises';

/** A UUID v7 for `milliseconds`, random below the timestamp (the server orders events by id). */
function uuidV7(milliseconds) {
  const random = randomBytes(10).toString('hex');
  const time = milliseconds.toString(16).padStart(12, '0');
  const variant = ((Number.parseInt(random[3], 16) & 0x3) | 0x8).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(0, 3)}-${variant}${random.slice(4, 7)}-${random.slice(7, 19)}`;
}

/** The `count` synthetic events of `data`, oldest first, one at a time (a million never held at once). */
export function* syntheticEvents(data, count, { environmentKey = 'production', spanDays = 7 } = {}) {
  const organization = Object.values(data.organizations)[0];
  const project = Object.values(data.projects)[0];
  const environment = Object.values(data.environments).find((candidate) => candidate.key === environmentKey);
  const user = Object.values(data.users)[0];
  const flags = Object.values(data.flags);
  if (!organization || !project || !environment || !user || flags.length === 0)
    throw new Error('synthetic events need an organization, a project, an environment, a user and flags');
  const end = Date.now() - 60_000;
  const step = (spanDays * 86_400_000) / count;
  const actor = { kind: 'User', id: user.id, name: user.name, email: user.email };
  const projectReference = { id: project.id, key: project.key };
  const environmentReference = { id: environment.id, key: environment.key };
  for (let index = 0; index < count; index++) {
    const at = Math.floor(end - (count - index) * step);
    const flag = flags[index % flags.length];
    const id = uuidV7(at);
    const enabled = index % 2 === 0;
    yield {
      id,
      organizationId: organization.id,
      createdAt: new Date(at).toISOString(),
      action: 'toggleFlag',
      actor,
      client: 'bench/1.0',
      requestId: `bench-${index}`,
      project: projectReference,
      environment: environmentReference,
      flag: { id: flag.id, key: flag.key },
      resource: { kind: 'FlagEnvironment', id: flag.id, key: flag.key },
      changes: [{ path: 'isEnabled', before: !enabled, after: enabled }],
    };
  }
}

/**
 * Adds `count` events to `data` (a store document with one organization, project and environment named
 * by the arguments' keys) and returns it.
 */
export function addSyntheticEvents(data, count, options = {}) {
  const events = data.events ?? {};
  for (const event of syntheticEvents(data, count, options)) events[event.id] = event;
  data.events = events;
  return data;
}

/**
 * A file store holding `count` synthetic events as the server keeps them: `path`, the data file of
 * `seed` (a store document) naming one event segment, and that segment (`<path>.events-1.jsonl`, one
 * event per line), written as it is generated. The server indexes the segment at its first start.
 */
export async function writeEventLogDataFile(path, seed, count) {
  const file = await open(`${path}.events-1.jsonl`, 'w');
  try {
    let lines = [];
    for (const event of syntheticEvents(seed, count)) {
      lines.push(JSON.stringify(event));
      if (lines.length === 10_000) {
        await file.write(`${lines.join('\n')}\n`);
        lines = [];
      }
    }
    if (lines.length > 0) await file.write(`${lines.join('\n')}\n`);
  } finally {
    await file.close();
  }
  await writeFile(
    path,
    JSON.stringify({ ...seed, journalSeq: 0, eventSegments: ['events-1.jsonl'], events: {} }),
  );
}
