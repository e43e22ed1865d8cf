/** A published workspace: `directory` relative to the repository (`packages/cli`), `path` absolute. */
export interface PublicWorkspace {
  readonly name: string;
  readonly directory: string;
  readonly path: string;
  readonly manifest: Record<string, unknown>;
}
/** The workspaces without `"private": true`, sorted by name. */
export declare function publicPackages(root?: string): PublicWorkspace[];
