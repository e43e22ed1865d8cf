/**
 * §21: everything one environment's evaluation needs, derived once per change. The document
 * `GET /api/v1/sdk/flags` delivers (the project's flags that are not archived, each with this
 * environment's configuration, and the segments their rules use), its JSON text and ETag, and the
 * evaluator compiled from it, all kept until the project's flags or segments or the environment change.
 * The playground and the delivery paths both evaluate through it, so they cannot disagree.
 */
import { createHash } from 'node:crypto';
import type { SdkFlagsDocument } from '@flagplane/contract';
import { compareKeys } from '@flagplane/contract';
import { FlagEvaluator } from '@flagplane/evaluation';
import type { EnvironmentRecord, FlagRecord, ProjectRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';
import { toNestedFlagEnvironment } from '../flag-configurations/flag-configurations-representation.js';
import { toSegmentListItem } from '../segments/segments-representation.js';
import { toNestedVariation } from '../variations/variations-representation.js';

export interface EnvironmentSnapshot {
  readonly document: SdkFlagsDocument;
  readonly evaluator: FlagEvaluator;
  /** The keys of the flags a client-side key may see (`clientSideVisible`, §21). */
  readonly clientSideKeys: ReadonlySet<string>;
  /** The document as JSON, and its strong ETag (quoted), made on first use. */
  readonly json: () => { readonly text: string; readonly etag: string };
  /**
   * The environment's configuration version (§23, §24): the ETag without its quotes. OFREP's answers
   * name it (`metadata.version`) and change streams send it (the event's id and `etag`).
   */
  readonly version: () => string;
  /**
   * What another feature derives from this snapshot (OFREP's answers for flags no context can change),
   * made on first use under `name` and kept as long as the snapshot: until the environment changes.
   */
  readonly derived: <T>(name: string, make: () => T) => T;
}

interface Cached {
  readonly flagsVersion: number;
  readonly segmentsVersion: number;
  readonly snapshot: EnvironmentSnapshot;
}

/**
 * Per store state (the view a read is given), then per environment record: a changed environment is a
 * new record, and two stores reset to one seed share records but never their state (each has its own
 * version clock), so nothing is served from another store.
 */
const snapshots = new WeakMap<object, WeakMap<EnvironmentRecord, Cached>>();

export function environmentSnapshot(
  view: StoreView,
  project: ProjectRecord,
  environment: EnvironmentRecord,
): EnvironmentSnapshot {
  const flagsVersion = view.childrenVersion('flags', project.id);
  const segmentsVersion = view.childrenVersion('segments', project.id);
  let ofView = snapshots.get(view);
  if (!ofView) {
    ofView = new WeakMap();
    snapshots.set(view, ofView);
  }
  const cached = ofView.get(environment);
  if (cached?.flagsVersion === flagsVersion && cached.segmentsVersion === segmentsVersion)
    return cached.snapshot;
  const document = deliveryDocument(view, project, environment);
  let json: { text: string; etag: string } | undefined;
  const derived = new Map<string, unknown>();
  const snapshot: EnvironmentSnapshot = {
    document,
    evaluator: new FlagEvaluator(document),
    clientSideKeys: new Set(document.flags.filter((flag) => flag.clientSideVisible).map((flag) => flag.key)),
    json: () => {
      if (!json) {
        const text = JSON.stringify(document);
        json = { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"` };
      }
      return json;
    },
    version: () => snapshot.json().etag.slice(1, -1),
    derived: <T>(name: string, make: () => T): T => {
      if (!derived.has(name)) derived.set(name, make());
      return derived.get(name) as T;
    },
  };
  ofView.set(environment, { flagsVersion, segmentsVersion, snapshot });
  return snapshot;
}

function deliveryDocument(
  view: StoreView,
  project: ProjectRecord,
  environment: EnvironmentRecord,
): SdkFlagsDocument {
  const flags = [...view.children('flags', project.id)]
    .filter((flag) => !flag.isArchived)
    .sort(compareKeys)
    .map((flag) => sdkFlag(view, flag, environment));
  const used = new Set(
    flags.flatMap((flag) =>
      flag.configuration.rules.flatMap((rule) => (rule.userSegmentId ? [rule.userSegmentId] : [])),
    ),
  );
  // In key order: the same document (and ETag) whatever order the store's indexes hold them in.
  const segments = [...view.children('segments', project.id)]
    .filter((segment) => used.has(segment.id))
    .sort(compareKeys)
    .map((segment) => {
      const { id, key, included, excluded, conditionGroups } = toSegmentListItem(segment);
      return { id, key, included, excluded, conditionGroups };
    });
  return { environment: { id: environment.id, key: environment.key }, flags, segments };
}

function sdkFlag(
  view: StoreView,
  flag: FlagRecord,
  environment: EnvironmentRecord,
): SdkFlagsDocument['flags'][number] {
  const { isEnabled, defaultVariationId, strategy, prerequisites, rules, percentageRollout } =
    toNestedFlagEnvironment(view, flag, environment);
  return {
    id: flag.id,
    key: flag.key,
    type: flag.type,
    isArchived: flag.isArchived,
    clientSideVisible: flag.clientSideVisible,
    variations: flag.variations.map((variation) => {
      const { id, key, value } = toNestedVariation(variation);
      return { id, key, value };
    }),
    configuration: { isEnabled, defaultVariationId, strategy, prerequisites, rules, percentageRollout },
  };
}
