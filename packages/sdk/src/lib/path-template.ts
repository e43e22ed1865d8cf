/** Fills a path template of the endpoint table (`/api/v1/orgs/{org}`) with the caller's values. */
import { FlagplaneError } from './errors.js';

export function expandPath(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' || value.length === 0) {
      throw new FlagplaneError(
        `${name} must be a non-empty string (a key or an id); got ${JSON.stringify(value)}.`,
      );
    }
    // Keys never hold `/`, but an id pasted with one must not address another resource.
    return encodeURIComponent(value);
  });
}
