/** A segment: a named set of contexts (listed keys and conditions) that targeting rules can refer to. */
import type { ConditionGroupInput, SegmentRemovalPolicy } from '@flagplane/contract';
import type { Construct } from 'constructs';
import { ManagedResource } from './internal/managed-resource.js';
import type { IProject } from './project.js';

export interface SegmentOptions {
  /** The segment key: `^[a-z0-9][a-z0-9_-]*$`, 1–64 characters. Immutable. */
  readonly key: string;
  /** @default the key */
  readonly name?: string;
  /** @default no description */
  readonly description?: string;
  /** Context keys always in the segment. @default none */
  readonly included?: readonly string[];
  /** Context keys never in the segment, whatever the conditions say. @default none */
  readonly excluded?: readonly string[];
  /** Groups joined by AND; a group's `operator` joins its conditions. @default none */
  readonly conditionGroups?: readonly ConditionGroupInput[];
  /** @default 'delete' */
  readonly removalPolicy?: SegmentRemovalPolicy;
}

export interface SegmentProps extends SegmentOptions {
  readonly project: IProject;
}

export class Segment extends ManagedResource {
  readonly kind = 'segment';
  readonly key: string;
  readonly project: IProject;
  readonly props: SegmentProps;

  constructor(scope: Construct, id: string, props: SegmentProps) {
    super(scope, id, props.project.flagplane);
    this.props = props;
    this.key = props.key;
    this.project = props.project;
    props.project.children.segments.push(this);
    this.flagplane.touch();
  }
}
