/** Fills a path template of the endpoint table (`/api/v1/orgs/{org}`) with the caller's values. */
import { FlagplaneError } from './errors.js';

/** A template split once into its literal text and its parameter names: `['/api/v1/orgs/', 'org', '']`. */
type CompiledTemplate = readonly string[];

const compiled = new Map<string, CompiledTemplate>();

/** Every call fills one of a few dozen templates: splitting each once saves a regex scan per request. */
function compile(template: string): CompiledTemplate {
  let parts = compiled.get(template);
  if (!parts) {
    // split() with a capture group keeps the names: literal, name, literal, name, …, literal.
    parts = template.split(/\{([^}]+)\}/);
    compiled.set(template, parts);
  }
  return parts;
}

export function expandPath(template: string, params: Readonly<Record<string, string>>): string {
  const parts = compile(template);
  let path = parts[0] as string;
  for (let index = 1; index < parts.length; index += 2) {
    path += pathSegment(parts[index] as string, params) + parts[index + 1];
  }
  return path;
}

function pathSegment(name: string, params: Readonly<Record<string, string>>): string {
  const value = params[name];
  if (typeof value !== 'string' || value.length === 0) {
    throw new FlagplaneError(
      `${name} must be a non-empty string (a key or an id); got ${JSON.stringify(value)}.`,
    );
  }
  // Keys never hold `/`, but an id pasted with one must not address another resource.
  return encodeURIComponent(value);
}
