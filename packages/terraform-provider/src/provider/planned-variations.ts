/**
 * The variation keys each flag will have once the plan is applied, as its `flagplane_flag` resource
 * planned them in this process. A flag environment names variations of its flag and of its prerequisite
 * flags by key; checking those keys against the live flag alone would refuse a variation that the same
 * apply adds. Terraform plans a resource after those it refers to (`flag = flagplane_flag.x.key`), in one
 * provider process per plan or apply, so the flag's plan is here by the time its environments are planned.
 */

/** What a planned flag's variations will be: their keys, or unknown until apply. */
export type PlannedKeys = readonly string[] | 'unknown';

export class PlannedVariations {
  private readonly planned = new Map<string, PlannedKeys>();

  record(project: string, flag: string, keys: PlannedKeys): void {
    this.planned.set(`${project}/${flag}`, keys);
  }

  /** As planned in this process; undefined for a flag no resource of this plan declares. */
  of(project: string, flag: string): PlannedKeys | undefined {
    return this.planned.get(`${project}/${flag}`);
  }
}
