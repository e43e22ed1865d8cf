/**
 * SDK keys: created (plaintext written to the declared file) when missing; replaced, then the old one
 * revoked, only on an explicit change (rotation, type). A key whose plaintext file is gone is reported,
 * never silently recreated: the API cannot show a plaintext twice, and a new key would break whoever
 * holds the old one.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { ResolvedSdkKey } from '../desired/resolved-state.js';
import type { LiveProject, LiveSdkKey } from '../live/live-state.js';
import { changeId, type StepContext, sdkKeyResource } from './plan.js';
import type { PlanBuilder } from './plan-builder.js';
import { liveSdkKeyName, parseLiveSdkKeyName } from './sdk-key-name.js';

/** The live keys (active) a declared key accounts for: its current key and older rotations. */
export function claimedSdkKeys(
  sdkKey: Pick<ResolvedSdkKey, 'name' | 'environment'>,
  live: LiveProject | undefined,
): LiveSdkKey[] {
  return (live?.sdkKeys ?? []).filter(
    (candidate) =>
      candidate.isActive &&
      candidate.environment === sdkKey.environment &&
      parseLiveSdkKeyName(candidate.name).name === sdkKey.name,
  );
}

export function planSdkKey(
  plan: PlanBuilder,
  projectKey: string,
  sdkKey: ResolvedSdkKey,
  live: LiveProject | undefined,
): void {
  const resource = sdkKeyResource(sdkKey.environment, sdkKey.name);
  const name = liveSdkKeyName(sdkKey.name, sdkKey.rotation);
  const claimed = claimedSdkKeys(sdkKey, live);
  // The newest key with the declared rotation and type is the current one; any other is replaced.
  const current = claimed
    .filter((candidate) => candidate.name === name && candidate.type === sdkKey.type)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  const replaced = claimed.filter((candidate) => candidate !== current);
  const after = [
    changeId('project', projectKey, projectKey),
    changeId('environment', projectKey, sdkKey.environment),
  ];
  const revokeReplaced = async (context: StepContext) => {
    for (const old of replaced) {
      await context.client.sdkKeys.revoke(context.organization, projectKey, sdkKey.environment, old.id);
    }
  };

  if (!current) {
    const previous = replaced[0];
    plan.add({
      kind: 'sdkKey',
      project: projectKey,
      resource,
      action: previous ? 'rotate' : 'create',
      changes: [
        ...(previous
          ? [
              ...(previous.type !== sdkKey.type
                ? [{ property: 'type', before: previous.type, after: sdkKey.type }]
                : []),
              ...(previous.name !== name
                ? [
                    {
                      property: 'rotation',
                      before: parseLiveSdkKeyName(previous.name).rotation,
                      after: sdkKey.rotation,
                    },
                  ]
                : []),
            ]
          : [{ property: 'type', before: undefined, after: sdkKey.type }]),
        { property: 'plaintextFile', before: undefined, after: sdkKey.plaintextFile ?? '(not kept)' },
      ],
      ...(previous
        ? {
            reason: `replaces the key ending in ${previous.lastFourCharacters ?? '?'}, which is then revoked`,
          }
        : {}),
      after,
      run: async (context) => {
        await context.secrets.prepare(sdkKey.plaintextFile);
        const created = await context.client.sdkKeys.create(
          context.organization,
          projectKey,
          sdkKey.environment,
          {
            name,
            type: sdkKey.type,
            ...(sdkKey.description ? { description: sdkKey.description } : {}),
          },
        );
        await context.secrets.deliver({ resource, file: sdkKey.plaintextFile, plaintext: created.key ?? '' });
        await revokeReplaced(context);
      },
    });
    return;
  }

  noticeLostPlaintext(plan, projectKey, resource, sdkKey, current);
  const descriptionChanged = (current.description ?? null) !== sdkKey.description;
  if (!descriptionChanged && replaced.length === 0) return;
  plan.add({
    kind: 'sdkKey',
    project: projectKey,
    resource,
    action: replaced.length > 0 ? 'revoke' : 'update',
    changes: [
      ...(descriptionChanged
        ? [{ property: 'description', before: current.description, after: sdkKey.description }]
        : []),
      ...replaced.map((old) => ({
        property: `replaced key …${old.lastFourCharacters ?? '?'}`,
        before: 'active',
        after: 'revoked',
      })),
    ],
    after,
    run: async (context) => {
      if (descriptionChanged) {
        await context.client.sdkKeys.update(
          context.organization,
          projectKey,
          sdkKey.environment,
          current.id,
          {
            description: sdkKey.description ?? '',
          },
        );
      }
      await revokeReplaced(context);
    },
  });
}

function noticeLostPlaintext(
  plan: PlanBuilder,
  projectKey: string,
  resource: string,
  sdkKey: ResolvedSdkKey,
  current: LiveSdkKey,
): void {
  const file = sdkKey.plaintextFile;
  if (file === undefined) return;
  if (!existsSync(file)) {
    plan.notice({
      level: 'warning',
      project: projectKey,
      resource: `sdkKey ${resource}`,
      message: `the key exists (ending in ${current.lastFourCharacters ?? '?'}) but its plaintext file ${file} is missing; the API cannot show a plaintext again, so it is not recreated. Raise \`rotation\` to replace the key.`,
    });
    return;
  }
  const held = readFileSync(file, 'utf8').trim();
  if (current.lastFourCharacters && !held.endsWith(current.lastFourCharacters)) {
    plan.notice({
      level: 'warning',
      project: projectKey,
      resource: `sdkKey ${resource}`,
      message: `${file} does not hold the live key (which ends in ${current.lastFourCharacters}). Raise \`rotation\` to replace the key.`,
    });
  }
}
