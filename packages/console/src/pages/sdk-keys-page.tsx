/**
 * The SDK keys of one environment (§12), revoked ones included, a page at a time: create one (its
 * plaintext is shown once, then gone) and revoke, as the `_actions` allow. In a project managed by code
 * (§20), creating and revoking ask first.
 */
import type { Action } from '@flagplane/contract';
import type { SdkKeyCreated, SdkKeyListItem } from '@flagplane/sdk';
import { useState } from 'preact/hooks';
import { ApiErrorMessage } from '../components/api-error-message.js';
import { useConfirm } from '../components/confirm-dialog.js';
import { Pager, useCursorPages } from '../components/cursor-pager.js';
import { focusLater } from '../components/focus.js';
import { CreationSection, ListPageHead, useListPage } from '../components/list-page.js';
import { ManagedProjectNotice } from '../components/managed-badge.js';
import { consolePaths } from '../signed-in/console-paths.js';
import { ProjectLayout } from '../signed-in/project-layout.js';
import { useApi } from '../signed-in/use-api.js';
import { useProject } from '../signed-in/use-project.js';
import { CreatedSdkKey } from './environments/created-sdk-key.js';
import { NewSdkKeyForm } from './environments/new-sdk-key-form.js';
import { SdkKeyRow, type SdkKeyView, sdkKeyLabel } from './environments/sdk-key-row.js';

const pageSize = 20;
const newButtonId = 'new-sdk-key-button';
/** A second creation would replace the shown key before it is stored: one at a time. */
const oneSecretAtATime: Action = { allowed: false, reason: 'Hide the new key above first.' };

interface SdkKeysView {
  readonly keys: readonly SdkKeyView[];
  readonly nextCursor: string | null;
  readonly createAction: Action | undefined;
}

export interface SdkKeysPageProps {
  readonly org: string;
  readonly project: string;
  readonly env: string;
}

export function SdkKeysPage({ org, project, env }: SdkKeysPageProps) {
  const pages = useCursorPages(`${org}/${project}/${env}`);
  const { state, reload } = useApi<SdkKeysView>(
    async ({ client }, signal) => {
      const page = await client.sdkKeys.list(
        org,
        project,
        env,
        { limit: pageSize, cursor: pages.cursor },
        { signal },
      );
      // List items carry no `_actions` (§14: top-level only): each active key's own answer says whether it
      // may be revoked. A revoked key stays revoked, so it needs no request.
      const keys = await Promise.all(
        page.items.map(async (sdkKey) => ({
          sdkKey,
          revoke: sdkKey.isActive
            ? (await client.sdkKeys.retrieve(org, project, env, sdkKey.id, { signal }))._actions.revoke
            : undefined,
        })),
      );
      return { keys, nextCursor: page.nextCursor, createAction: page.actions.create };
    },
    [org, project, env, pages.cursor],
  );
  const projectOfPage = useProject(org, project);
  // The environment's name, for the heading and the breadcrumbs: after the keys (use-api.ts `later`).
  const environmentName =
    useApi(
      async ({ client }, signal) => (await client.environments.retrieve(org, project, env, { signal })).name,
      [org, project, env],
      { start: 'later' },
    ).state.data ?? env;
  const list = useListPage({ reload, newButtonId });
  // The only place the plaintext is kept, until the person hides it (CreatedSdkKey).
  const [created, setCreated] = useState<SdkKeyCreated | null>(null);
  const { confirm, dialog } = useConfirm();

  const showCreated = (answer: SdkKeyCreated) => {
    // The key shown takes the focus (CreatedSdkKey); the status line stays empty, the key says it all.
    list.closeCreation('', true);
    setCreated(answer);
  };
  const hideCreated = async (copied: boolean) => {
    const sure =
      copied ||
      (await confirm(
        'Hide the key without copying it?',
        'Once hidden, its text cannot be shown again: you would have to create another key.',
        'Hide the key',
      ));
    if (!sure) return;
    const label = created ? `Key ${sdkKeyLabel(created.type, created.lastFourCharacters)}` : 'The key';
    setCreated(null);
    list.setNotice(`${label} is hidden for good; it stays in the list below.`);
    focusLater(newButtonId);
  };
  /** §20: creating a key in a project managed by code asks first; true when it may go ahead. */
  const confirmCreate = () =>
    projectOfPage.askBefore(confirm, 'sdkKey', 'create', {
      title: 'Create an SDK key in a project code manages?',
      confirmLabel: 'Create anyway',
    });
  const revokeKey = (sdkKey: SdkKeyListItem) => {
    const name = sdkKey.name ?? sdkKeyLabel(sdkKey.type, sdkKey.lastFourCharacters);
    return list.remove(
      sdkKey.id,
      () =>
        projectOfPage.askBefore(confirm, 'sdkKey', 'revoke', {
          title: `Revoke SDK key ${name}?`,
          consequence: `Applications using ${sdkKeyLabel(sdkKey.type, sdkKey.lastFourCharacters)} stop getting flags at once. A revoked key can never be used again.`,
          confirmLabel: 'Revoke key',
          tone: 'destructive',
        }),
      ({ client }) => client.sdkKeys.revoke(org, project, env, sdkKey.id),
      `SDK key ${name} revoked.`,
    );
  };

  return (
    <ProjectLayout
      org={org}
      project={project}
      projectState={projectOfPage.state}
      tab="environments"
      title={`SDK keys of ${environmentName}`}
      crumbs={[
        { label: 'Environments', href: consolePaths.environments(org, project) },
        { label: environmentName },
      ]}
    >
      {dialog}
      <ManagedProjectNotice managedBy={projectOfPage.state.data?.managedBy} kinds="SDK keys" badge />
      {/* The status line says "Copied", "revoked", "hidden"; the key shown once sits above it. */}
      <ListPageHead
        newButtonId={newButtonId}
        newLabel="New SDK key"
        action={created ? oneSecretAtATime : state.data?.createAction}
        onNew={list.openCreation}
        notice={list.notice}
      >
        {created && (
          <CreatedSdkKey
            created={created}
            onCopyOutcome={list.setNotice}
            onDismiss={(copied) => void hideCreated(copied)}
          />
        )}
      </ListPageHead>
      {list.creating && (
        <CreationSection id="new-sdk-key-title" title="New SDK key">
          <NewSdkKeyForm
            org={org}
            project={project}
            env={env}
            onCreated={showCreated}
            confirmCreate={confirmCreate}
            onCancel={() => list.closeCreation()}
          />
        </CreationSection>
      )}
      <section aria-labelledby="sdk-keys-title">
        <h2 id="sdk-keys-title">Keys</h2>
        {state.status === 'loading' && <p class="loading">Loading SDK keys…</p>}
        {state.status === 'failed' && (
          <ApiErrorMessage
            error={state.error}
            // Only once the project is known to exist is a 404 of this list about the environment, and its
            // suggestions environment keys; before that it may be the project's (project keys).
            suggestionHref={
              projectOfPage.state.status === 'ready'
                ? (suggestion) => consolePaths.sdkKeys(org, project, suggestion)
                : undefined
            }
          />
        )}
        {state.status === 'ready' && state.data.keys.length === 0 && (
          <p>
            {pages.pageNumber === 1
              ? `No SDK key in ${env} yet. An SDK key lets an application's SDK read this environment's flags.`
              : 'No SDK keys on this page any more.'}
          </p>
        )}
        {state.status === 'ready' && state.data.keys.length > 0 && (
          <table class="data">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Key</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">State</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {state.data.keys.map((view) => (
                <SdkKeyRow
                  key={view.sdkKey.id}
                  view={view}
                  revoking={list.removing(view.sdkKey.id)}
                  revokeError={list.removalErrorOf(view.sdkKey.id)}
                  onRevoke={() => void revokeKey(view.sdkKey)}
                />
              ))}
            </tbody>
          </table>
        )}
        <Pager label="SDK keys" pages={pages} list={state} />
      </section>
    </ProjectLayout>
  );
}
