/**
 * Ids by key, for the request bodies that need ids (default variation, weights, rule variations and
 * segments). Filled from the live state, then by each creation as it completes, so a step that runs after
 * a creation finds the new ids.
 */
import type { LiveState } from '../live/live-state.js';

export class IdRegistry {
  readonly #variations = new Map<string, Map<string, string>>();
  readonly #segments = new Map<string, Map<string, string>>();

  static fromLive(live: LiveState): IdRegistry {
    const registry = new IdRegistry();
    for (const project of live.projects.values()) {
      for (const segment of project.segments) registry.setSegment(project.key, segment.key, segment.id);
      for (const flag of project.flags) {
        for (const variation of flag.variations) {
          registry.setVariation(project.key, flag.key, variation.key, variation.id);
        }
      }
    }
    return registry;
  }

  setVariation(project: string, flag: string, variation: string, id: string): void {
    const key = `${project}/${flag}`;
    const byKey = this.#variations.get(key) ?? new Map<string, string>();
    byKey.set(variation, id);
    this.#variations.set(key, byKey);
  }

  setSegment(project: string, segment: string, id: string): void {
    const byKey = this.#segments.get(project) ?? new Map<string, string>();
    byKey.set(segment, id);
    this.#segments.set(project, byKey);
  }

  variation(project: string, flag: string, variation: string): string {
    const id = this.#variations.get(`${project}/${flag}`)?.get(variation);
    if (id === undefined)
      throw new Error(`flag "${flag}" of project "${project}" has no variation "${variation}"`);
    return id;
  }

  segment(project: string, segment: string): string {
    const id = this.#segments.get(project)?.get(segment);
    if (id === undefined) throw new Error(`project "${project}" has no segment "${segment}"`);
    return id;
  }
}
