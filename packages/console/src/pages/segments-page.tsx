/**
 * The segments of a project (§11): each with its keys in and out and its conditions, a page at a time;
 * create, edit in place and delete, as each one's `_actions` allow. In a project managed by code (§20),
 * every one of these changes asks first.
 */
import type { Action } from '@flagplane/contract';
import { NotFoundError, type Segment } from '@flagplane/sdk';
import { ApiErrorMessage } from '../components/api-error-message.js';
import { useConfirm } from '../components/confirm-dialog.js';
import { Pager, useCursorPages } from '../components/cursor-pager.js';
import { CreationSection, ListPageHead, useListPage } from '../components/list-page.js';
import { ManagedProjectNotice, type ProjectChildChange } from '../components/managed-badge.js';
import { ProjectLayout } from '../signed-in/project-layout.js';
import { useApi } from '../signed-in/use-api.js';
import { useProject } from '../signed-in/use-project.js';
import { editSegmentButtonId, SegmentCard } from './segments/segment-card.js';
import { createBodyOf, emptySegmentDraft } from './segments/segment-draft.js';
import { SegmentForm } from './segments/segment-form.js';

const pageSize = 20;
const newButtonId = 'new-segment-button';

interface SegmentsView {
  readonly segments: readonly Segment[];
  readonly nextCursor: string | null;
  readonly createAction: Action | undefined;
}

export function SegmentsPage({ org, project }: { readonly org: string; readonly project: string }) {
  const pages = useCursorPages(`${org}/${project}`);
  const { state, reload } = useApi<SegmentsView>(
    async ({ client }, signal) => {
      const page = await client.segments.list(
        org,
        project,
        { limit: pageSize, cursor: pages.cursor },
        { signal },
      );
      // List items carry no `_actions` (§14: top-level only), so each segment's own answer says what may be
      // done with it. One deleted in between is left out, not a failure of the whole page.
      const segments = await Promise.all(
        page.items.map((item) =>
          client.segments.retrieve(org, project, item.id, { signal }).catch((error: unknown) => {
            if (error instanceof NotFoundError) return null;
            throw error;
          }),
        ),
      );
      return {
        segments: segments.filter((segment) => segment !== null),
        nextCursor: page.nextCursor,
        createAction: page.actions.create,
      };
    },
    [org, project, pages.cursor],
  );
  const projectOfPage = useProject(org, project);
  const list = useListPage({ reload, newButtonId });
  const { confirm, dialog } = useConfirm();

  /** §20: a save in a project managed by code asks first; true when it may go ahead. */
  const confirmManaged = (change: ProjectChildChange, title: string, confirmLabel?: string) => () =>
    projectOfPage.askBefore(confirm, 'segment', change, { title, confirmLabel });
  const deleteSegment = (segment: Segment) => {
    const key = segment.key ?? segment.id;
    return list.remove(
      segment.id,
      () =>
        projectOfPage.askBefore(confirm, 'segment', 'delete', {
          title: `Delete segment ${key}?`,
          consequence: `Segment ${key} and its lists of keys go for good. The API refuses while a targeting rule uses it.`,
          confirmLabel: 'Delete segment',
          tone: 'destructive',
        }),
      ({ client }) => client.segments.delete(org, project, segment.id),
      `Segment ${key} deleted.`,
    );
  };

  return (
    <ProjectLayout
      org={org}
      project={project}
      projectState={projectOfPage.state}
      tab="segments"
      crumbs={[{ label: 'Segments' }]}
    >
      {dialog}
      <ManagedProjectNotice managedBy={projectOfPage.state.data?.managedBy} kinds="segments" />
      <ListPageHead
        newButtonId={newButtonId}
        newLabel="New segment"
        action={state.data?.createAction}
        onNew={list.openCreation}
        notice={list.notice}
      />
      {list.creating && (
        <CreationSection id="new-segment-title" title="New segment">
          <SegmentForm
            idPrefix="new-segment"
            subject="the new segment"
            initial={emptySegmentDraft()}
            creating
            submitLabel="Create segment"
            save={({ client }, draft) => client.segments.create(org, project, createBodyOf(draft))}
            confirmSave={confirmManaged(
              'create',
              'Create a segment in a project code manages?',
              'Create anyway',
            )}
            onSaved={() => list.closeCreation('Segment created.')}
            onCancel={() => list.closeCreation()}
          />
        </CreationSection>
      )}
      <section aria-labelledby="segments-title">
        <h2 id="segments-title">Segments</h2>
        {state.status === 'loading' && <p class="loading">Loading segments…</p>}
        {state.status === 'failed' && <ApiErrorMessage error={state.error} />}
        {state.status === 'ready' && state.data.segments.length === 0 && (
          <p>
            {pages.pageNumber === 1
              ? 'This project has no segments yet. A segment names the contexts a targeting rule can aim at: listed keys, or contexts that match conditions. Create one with New segment above.'
              : 'No segments on this page any more.'}
          </p>
        )}
        {state.status === 'ready' &&
          state.data.segments.map((segment) => (
            <SegmentCard
              key={segment.id}
              org={org}
              project={project}
              segment={segment}
              editing={list.editingId === segment.id}
              onEdit={() => list.startEditing(segment.id)}
              onEditDone={(saved) =>
                list.finishEditing(
                  editSegmentButtonId(segment),
                  saved ? `Segment ${segment.key ?? segment.id} saved.` : undefined,
                )
              }
              confirmSave={confirmManaged('change', `Change segment ${segment.key ?? segment.id}?`)}
              onDelete={() => void deleteSegment(segment)}
              deleting={list.removing(segment.id)}
              deleteError={list.removalErrorOf(segment.id)}
            />
          ))}
        <Pager label="Segments" pages={pages} list={state} />
      </section>
    </ProjectLayout>
  );
}
