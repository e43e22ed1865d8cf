/** The repository these tests check, and its published workspaces. */
import { fileURLToPath } from 'node:url';
import { publicPackages as listPublicPackages } from '../../../scripts/public-packages.mjs';

export const repository = fileURLToPath(new URL('../../../', import.meta.url));

export interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly license?: string;
  readonly repository?: { readonly type?: string; readonly url?: string; readonly directory?: string };
  readonly homepage?: string;
  readonly bugs?: { readonly url?: string };
  readonly engines?: { readonly node?: string };
  readonly bin?: Record<string, string>;
  readonly files?: readonly string[];
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly peerDependenciesMeta?: Record<string, { readonly optional?: boolean }>;
  readonly optionalDependencies?: Record<string, string>;
}

export interface PublicPackage {
  readonly name: string;
  /** Relative to the repository: `packages/cli`, `server`. */
  readonly directory: string;
  /** Absolute. */
  readonly path: string;
  readonly manifest: Manifest;
}

export const publicPackages = (root: string = repository): PublicPackage[] =>
  listPublicPackages(root) as unknown as PublicPackage[];
