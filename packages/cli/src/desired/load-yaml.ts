/** The `yaml` package, loaded on first use (only commands that read or write YAML pay for it). */
type Yaml = typeof import('yaml');

export async function loadYaml(): Promise<Yaml> {
  const loaded = (await import('yaml')) as Yaml & { default?: Yaml };
  // yaml is CommonJS: once bundled, its exports arrive as the default export only.
  return loaded.default ?? loaded;
}
