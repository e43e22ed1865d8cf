/**
 * `terraform-provider-flagplane install [--dir <mirror>]`: copies the built provider into a filesystem
 * mirror for this platform (default: Terraform's implicit one, ~/.terraform.d/plugins, which needs no
 * CLI configuration), then prints the `required_providers` block to use and, for another directory, the
 * CLI configuration that points Terraform at it. Nothing is downloaded: it works offline.
 */
import { chmodSync, cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { protoDirectory } from '../plugin/protocol-definitions.js';
import { providerVersion } from '../version.js';
import {
  defaultMirrorDirectory,
  executableName,
  filesystemMirrorConfiguration,
  launcherScript,
  packageDirectory,
  requiredProvidersBlock,
  terraformPlatform,
} from './mirror-layout.js';

const usage = 'usage: terraform-provider-flagplane install [--dir <mirror directory>]';

export async function runInstall(
  args: readonly string[],
  output = process.stdout,
  errors = process.stderr,
): Promise<number> {
  let mirror: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index];
    if (argument === '--dir' && args[index + 1]) {
      mirror = path.resolve(args[index + 1] ?? '');
      index += 1;
    } else if (argument?.startsWith('--dir=')) {
      mirror = path.resolve(argument.slice('--dir='.length));
    } else if (argument === '--help' || argument === '-h') {
      output.write(`${usage}\n`);
      return 0;
    } else {
      errors.write(`unknown argument "${argument}"\n${usage}\n`);
      return 2;
    }
  }
  const platform = terraformPlatform();
  if (!platform) {
    errors.write(
      `Terraform has no platform name for ${process.platform}/${process.arch}; the provider cannot be installed here.\n`,
    );
    return 1;
  }
  const bundle = fileURLToPath(import.meta.url);
  const distDirectory = path.dirname(bundle);
  if (path.basename(bundle) !== 'terraform-provider-flagplane.js') {
    errors.write(
      'Install from the built provider (dist/terraform-provider-flagplane.js): run `npm run build` first.\n',
    );
    return 1;
  }
  const target = mirror ?? defaultMirrorDirectory();
  const directory = packageDirectory(target, providerVersion, platform);
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  cpSync(distDirectory, path.join(directory, 'dist'), { recursive: true });
  cpSync(protoDirectory(bundle), path.join(directory, 'proto'), { recursive: true });
  const executable = path.join(directory, executableName(providerVersion));
  writeFileSync(executable, launcherScript(process.execPath, providerVersion));
  chmodSync(executable, 0o755);
  if (!existsSync(executable)) throw new Error(`could not write ${executable}`);

  const lines = [
    `Installed terraform-provider-flagplane ${providerVersion} (${platform}) in`,
    `  ${directory}`,
    '',
    'Declare it in your configuration:',
    '',
    requiredProvidersBlock(providerVersion),
    '',
  ];
  if (mirror) {
    lines.push(
      "This is not Terraform's implicit plugin directory: point Terraform at it in the CLI configuration",
      '(~/.terraformrc, or the file named by TF_CLI_CONFIG_FILE):',
      '',
      filesystemMirrorConfiguration(target),
      '',
    );
  } else {
    lines.push(
      'Terraform looks in this directory by itself (when the CLI configuration has no provider_installation block).',
      '',
    );
  }
  lines.push(
    "Then `terraform init`. The dependency lock file records the package's checksum, and `init -upgrade`",
    "keeps it for the same version: after installing a new build of the same version, remove the provider's",
    'entry from .terraform.lock.hcl and run `terraform init` again. For development, a `dev_overrides` block',
    'in the CLI configuration runs a provider directory as is, without init (see the package README).',
  );
  output.write(`${lines.join('\n')}\n`);
  return 0;
}
