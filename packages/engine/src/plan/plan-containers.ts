/** Projects, their environments and their segments: created when missing, updated where they differ. */
import type { ResolvedEnvironment, ResolvedProject, ResolvedSegment } from '../desired/resolved-state.js';
import { type LiveProject, managedByBody } from '../live/live-state.js';
import { changeId } from './plan.js';
import type { PlanBuilder } from './plan-builder.js';
import { propertyChanges } from './property-changes.js';

/** What a project's creation sends: its declared environments are created with it, in one request. */
export function planProject(
  plan: PlanBuilder,
  project: Pick<ResolvedProject, 'key' | 'name' | 'description'> & {
    readonly environments?: readonly ResolvedEnvironment[];
    /** null: leave whatever declares it live alone. */
    readonly managedBy?: ResolvedProject['managedBy'];
  },
  live: LiveProject | undefined,
): void {
  if (!live) {
    plan.add({
      kind: 'project',
      project: project.key,
      resource: project.key,
      action: 'create',
      changes: [
        { property: 'name', before: undefined, after: project.name },
        ...(project.description
          ? [{ property: 'description', before: undefined, after: project.description }]
          : []),
        ...(project.environments
          ? [
              {
                property: 'environments',
                before: undefined,
                after: project.environments.map((environment) => environment.key),
              },
            ]
          : []),
        ...(project.managedBy
          ? [{ property: 'managedBy', before: undefined, after: project.managedBy }]
          : []),
      ],
      run: async ({ client, organization }) => {
        await client.projects.create(organization, {
          key: project.key,
          name: project.name,
          ...(project.description ? { description: project.description } : {}),
          ...(project.managedBy ? { managedBy: managedByBody(project.managedBy) } : {}),
          ...(project.environments
            ? {
                environments: project.environments.map(({ key, name, color, sortOrder }) => ({
                  key,
                  name,
                  color,
                  sortOrder,
                })),
              }
            : {}),
        });
      },
    });
    return;
  }
  const changes = propertyChanges(
    { name: live.name, description: live.description, managedBy: live.managedBy },
    { name: project.name, description: project.description, managedBy: project.managedBy },
    project.managedBy ? ['name', 'description', 'managedBy'] : ['name', 'description'],
  );
  if (changes.length === 0) return;
  plan.add({
    kind: 'project',
    project: project.key,
    resource: project.key,
    action: 'update',
    changes,
    run: async ({ client, organization }) => {
      await client.projects.update(organization, project.key, {
        name: project.name,
        // `""` clears a description; null would keep it (§3).
        description: project.description ?? '',
        ...(project.managedBy ? { managedBy: managedByBody(project.managedBy) } : {}),
      });
    },
  });
}

export function planEnvironment(
  plan: PlanBuilder,
  projectKey: string,
  environment: ResolvedEnvironment,
  live: LiveProject | undefined,
): void {
  const after = [changeId('project', projectKey, projectKey)];
  // A new project is created with its declared environments.
  if (!live) return;
  const current = live.environments.find((candidate) => candidate.key === environment.key);
  const { key, name, color, sortOrder } = environment;
  if (!current) {
    plan.add({
      kind: 'environment',
      project: projectKey,
      resource: key,
      action: 'create',
      changes: propertyChanges({}, { name, color, sortOrder }, ['name', 'color', 'sortOrder']),
      after,
      run: async ({ client, organization }) => {
        await client.environments.create(organization, projectKey, { key, name, color, sortOrder });
      },
    });
    return;
  }
  const changes = propertyChanges(current, environment, ['name', 'color', 'sortOrder']);
  if (changes.length === 0) return;
  plan.add({
    kind: 'environment',
    project: projectKey,
    resource: key,
    action: 'update',
    changes,
    after,
    run: async ({ client, organization }) => {
      await client.environments.update(organization, projectKey, key, { name, color, sortOrder });
    },
  });
}

const segmentProperties = ['name', 'description', 'included', 'excluded', 'conditionGroups'] as const;

export function planSegment(
  plan: PlanBuilder,
  projectKey: string,
  segment: ResolvedSegment,
  live: LiveProject | undefined,
): void {
  const current = live?.segments.find((candidate) => candidate.key === segment.key);
  const body = {
    name: segment.name,
    description: segment.description ?? '',
    included: [...segment.included],
    excluded: [...segment.excluded],
    conditionGroups: segment.conditionGroups.map((group) => ({
      ...group,
      conditions: [...group.conditions],
    })),
  };
  if (!current) {
    plan.add({
      kind: 'segment',
      project: projectKey,
      resource: segment.key,
      action: 'create',
      changes: propertyChanges({}, segment, [...segmentProperties]),
      after: [changeId('project', projectKey, projectKey)],
      run: async ({ client, organization, ids }) => {
        const created = await client.segments.create(organization, projectKey, { key: segment.key, ...body });
        ids.setSegment(projectKey, segment.key, created.id);
      },
    });
    return;
  }
  const changes = propertyChanges(current, segment, [...segmentProperties]);
  if (changes.length === 0) return;
  plan.add({
    kind: 'segment',
    project: projectKey,
    resource: segment.key,
    action: 'update',
    changes,
    run: async ({ client, organization }) => {
      await client.segments.update(organization, projectKey, segment.key, body);
    },
  });
}
