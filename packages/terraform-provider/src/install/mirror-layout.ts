/**
 * Where Terraform finds a provider without a registry: a filesystem mirror in the "unpacked" layout,
 * `<mirror>/registry.terraform.io/flagplane/flagplane/<version>/<os>_<arch>/`, holding an executable named
 * `terraform-provider-flagplane_v<version>`. Ours is a small shell launcher that runs the bundled provider
 * (copied beside it) with the Node.js that installed it, so Terraform's PATH does not matter.
 */
import os from 'node:os';
import path from 'node:path';

export const providerSource = 'flagplane/flagplane';
const registryHost = 'registry.terraform.io';

/** Terraform's name for this platform (`linux_amd64`, `darwin_arm64`), or undefined where we have none. */
export function terraformPlatform(
  platform: string = process.platform,
  arch: string = process.arch,
): string | undefined {
  const system = { linux: 'linux', darwin: 'darwin', freebsd: 'freebsd', openbsd: 'openbsd' }[platform];
  const machine = { x64: 'amd64', arm64: 'arm64', ia32: '386', arm: 'arm' }[arch];
  return system && machine ? `${system}_${machine}` : undefined;
}

/** Terraform's implicit local mirror: used with no `provider_installation` block in the CLI configuration. */
export function defaultMirrorDirectory(home: string = os.homedir()): string {
  return path.join(home, '.terraform.d', 'plugins');
}

export function packageDirectory(mirror: string, version: string, platform: string): string {
  return path.join(mirror, registryHost, ...providerSource.split('/'), version, platform);
}

export const executableName = (version: string) => `terraform-provider-flagplane_v${version}`;

/** The launcher: POSIX sh, the Node.js binary quoted, the bundle found beside the launcher itself. */
export function launcherScript(nodeBinary: string, version: string): string {
  const quoted = `'${nodeBinary.replaceAll("'", `'\\''`)}'`;
  return [
    '#!/bin/sh',
    `# terraform-provider-flagplane ${version}, installed by \`terraform-provider-flagplane install\`.`,
    '# Terraform starts this file; it runs the provider with the Node.js that installed it.',
    `exec ${quoted} "$(dirname "$0")/dist/terraform-provider-flagplane.js" "$@"`,
    '',
  ].join('\n');
}

export function requiredProvidersBlock(version: string): string {
  return [
    'terraform {',
    '  required_providers {',
    '    flagplane = {',
    `      source  = "${providerSource}"`,
    `      version = "${version}"`,
    '    }',
    '  }',
    '}',
  ].join('\n');
}

/** A CLI configuration that takes our provider from `mirror` and every other one from the registry. */
export function filesystemMirrorConfiguration(mirror: string): string {
  return [
    'provider_installation {',
    '  filesystem_mirror {',
    `    path    = ${JSON.stringify(mirror)}`,
    `    include = ["${registryHost}/${providerSource}"]`,
    '  }',
    '  direct {',
    `    exclude = ["${registryHost}/${providerSource}"]`,
    '  }',
    '}',
  ].join('\n');
}
