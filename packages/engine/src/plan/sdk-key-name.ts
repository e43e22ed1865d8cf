/**
 * An SDK key has no key of its own in the API, only an id the file cannot know in advance: the engine
 * finds it by environment and name. A rotation creates a new key, so the live name carries the rotation
 * (`web-server`, then `web-server (rotation 2)`), which tells which key is the current one.
 */
const rotationSuffix = / \(rotation (\d+)\)$/;

export function liveSdkKeyName(name: string, rotation: number): string {
  return rotation === 0 ? name : `${name} (rotation ${rotation})`;
}

export function parseLiveSdkKeyName(liveName: string): { name: string; rotation: number } {
  const match = rotationSuffix.exec(liveName);
  return match
    ? { name: liveName.slice(0, match.index), rotation: Number(match[1]) }
    : { name: liveName, rotation: 0 };
}
