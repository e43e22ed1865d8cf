/** What the disk index (disk-events.ts) hands a filter instead of reading the event (event-filter.ts). */
import type { EventSummary } from '../event-filter.js';

/** An event's summary from the index; its time as text only if a filter asks (most do not). */
export class IndexedSummary implements EventSummary {
  readonly organizationId: string;
  readonly project: EventSummary['project'];
  readonly environment: EventSummary['environment'];
  readonly flag: EventSummary['flag'];
  readonly resource: { readonly kind: string };
  readonly action: string;
  readonly actor: EventSummary['actor'];
  readonly #milliseconds: number;

  constructor(
    fields: Omit<EventSummary, 'createdAt' | 'resource'> & { readonly kind: string },
    milliseconds: number,
  ) {
    this.organizationId = fields.organizationId;
    this.project = fields.project;
    this.environment = fields.environment;
    this.flag = fields.flag;
    this.resource = { kind: fields.kind };
    this.action = fields.action;
    this.actor = fields.actor;
    this.#milliseconds = milliseconds;
  }

  get createdAt(): string {
    return new Date(this.#milliseconds).toISOString();
  }
}
