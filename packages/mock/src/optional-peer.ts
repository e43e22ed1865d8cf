/**
 * Loads an optional peer dependency (nock) when a feature that needs it is first used, so the suites that
 * do not use it need not install it. When the peer itself is missing, the error says which package, for
 * what, and the command that installs it, instead of Node's bare `Cannot find package 'nock'`. Any other
 * failure (the peer is there but broken, or one of its own dependencies is missing) is passed on as it is.
 */

export interface OptionalPeer {
  /** The package's name, as imported. */
  readonly name: string;
  /** The range this package is tested with (its `peerDependencies` entry). */
  readonly range: string;
  /** What needs it, for the message: `mock.nock()`. */
  readonly neededBy: string;
}

export class MissingPeerDependencyError extends Error {
  override readonly name = 'MissingPeerDependencyError';
  readonly packageName: string;

  constructor(peer: OptionalPeer, cause: unknown) {
    super(
      `${peer.neededBy} needs the package "${peer.name}", which is not installed. ` +
        `@flagplane/mock lists it as an optional peer dependency: install it beside the mock with ` +
        `\`npm install --save-dev ${peer.name}@"${peer.range}"\`.`,
      { cause },
    );
    this.packageName = peer.name;
  }
}

/** True when `error` says that `name` itself could not be found (not a module inside it or below it). */
function isPackageNotFound(error: unknown, name: string): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  // Node: "Cannot find package 'nock' imported from …"; a bundler or CommonJS: "Cannot find module 'nock'".
  return error.message.includes(`'${name}'`);
}

export async function importOptionalPeer<T>(peer: OptionalPeer, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isPackageNotFound(error, peer.name)) throw new MissingPeerDependencyError(peer, error);
    throw error;
  }
}
