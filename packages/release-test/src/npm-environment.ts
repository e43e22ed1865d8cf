/**
 * The environment of a process that must see only the throwaway registry: this machine's, less what npm
 * and turbo pass to the scripts they run (`npm test` runs these tests: an inherited `npm_config_registry`
 * would outrank the user configuration, and a release would go to the real registry), less the
 * repository's folders on the PATH (its `node_modules/.bin`); plus the registry, named both by the user
 * configuration (which holds the token) and by `NPM_CONFIG_REGISTRY`, so nothing can override it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository this test runs in. */
const repository = fileURLToPath(new URL('../../../', import.meta.url));

export interface RegistryConfiguration {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  /** The npm user configuration file naming it. */
  readonly npmrc: string;
}

export function isolatedEnvironment(
  registry: RegistryConfiguration,
  extra: Readonly<Record<string, string | undefined>> = {},
): Record<string, string> {
  const inherited = Object.entries(process.env).filter(
    (entry): entry is [string, string] =>
      entry[1] !== undefined &&
      !/^npm_/i.test(entry[0]) &&
      !/^TURBO_/.test(entry[0]) &&
      entry[0] !== 'INIT_CWD',
  );
  const searchPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((entry) => entry !== '' && !path.resolve(entry).startsWith(repository))
    .join(path.delimiter);
  const environment: Record<string, string | undefined> = {
    ...Object.fromEntries(inherited),
    PATH: searchPath,
    NPM_CONFIG_USERCONFIG: registry.npmrc,
    NPM_CONFIG_REGISTRY: registry.url,
    NPM_CONFIG_UPDATE_NOTIFIER: 'false',
    NPM_CONFIG_FUND: 'false',
    NPM_CONFIG_AUDIT: 'false',
    TURBO_TELEMETRY_DISABLED: '1',
    CHECKPOINT_DISABLE: '1',
    NO_COLOR: '1',
    ...extra,
  };
  return Object.fromEntries(
    Object.entries(environment).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
