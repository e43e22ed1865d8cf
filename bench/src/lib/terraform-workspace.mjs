/**
 * Terraform itself on a generated configuration, the way an HCL repository runs it: the built provider
 * installed with its own `install` command into a filesystem mirror, a CLI configuration that takes it
 * from there and from nowhere else (no network), and `terraform` processes timed from spawn to exit.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { flagKey, TOKEN } from './data-file.mjs';
import { ENVIRONMENTS, enabledIn } from './desired-state.mjs';
import { repoRoot } from './paths.mjs';
import { timeUntilExitWithOutput } from './process-timing.mjs';

export const providerBundle = join(
  repoRoot,
  'packages',
  'terraform-provider',
  'dist',
  'terraform-provider-flagplane.js',
);

const hclName = (key) => key.replaceAll('-', '_');

/**
 * The HCL twin of `desiredStateYaml(flagCount, project)`: the project, its three environments, N Boolean
 * flags tagged `bench` and one `flagplane_flag_environment` per flag and environment, enabled where the
 * YAML enables it. With `imports`, an `import {}` block for every resource, so one `apply` adopts what the
 * CLI created instead of writing it again.
 */
export function benchConfiguration(flagCount, project, { imports }) {
  const blocks = [
    'terraform {\n  required_providers {\n    flagplane = {\n      source = "flagplane/flagplane"\n    }\n  }\n}',
    'provider "flagplane" {}',
    `resource "flagplane_project" "p" {\n  key  = "${project}"\n  name = "Web"\n}`,
  ];
  const importIds = [['flagplane_project.p', project]];
  for (const environment of ENVIRONMENTS) {
    blocks.push(
      `resource "flagplane_environment" "${environment}" {\n  project = flagplane_project.p.key\n  key     = "${environment}"\n}`,
    );
    importIds.push([`flagplane_environment.${environment}`, `${project}/${environment}`]);
  }
  for (let index = 0; index < flagCount; index++) {
    const key = flagKey(index);
    const name = hclName(key);
    blocks.push(
      `resource "flagplane_flag" "${name}" {\n  project = flagplane_project.p.key\n  key     = "${key}"\n  type    = "Boolean"\n  tags    = ["bench"]\n}`,
    );
    importIds.push([`flagplane_flag.${name}`, `${project}/${key}`]);
    const enabled = enabledIn(index);
    for (const environment of ENVIRONMENTS) {
      const address = `flagplane_flag_environment.${name}_${environment}`;
      blocks.push(
        `resource "flagplane_flag_environment" "${name}_${environment}" {\n  project     = flagplane_project.p.key\n  flag        = flagplane_flag.${name}.key\n  environment = flagplane_environment.${environment}.key\n  enabled     = ${enabled[environment]}\n}`,
      );
      importIds.push([address, `${project}/${key}/${environment}`]);
    }
  }
  if (imports) {
    for (const [to, id] of importIds) blocks.push(`import {\n  to = ${to}\n  id = "${id}"\n}`);
  }
  return { text: `${blocks.join('\n\n')}\n`, resources: importIds.length };
}

/** A directory with the provider installed into its own mirror and a CLI configuration that uses only it. */
export async function terraformWorkspace(root, serverUrl) {
  const mirror = join(root, 'mirror');
  const directory = join(root, 'configuration');
  await mkdir(directory, { recursive: true });
  await timeUntilExitWithOutput(process.execPath, [providerBundle, 'install', '--dir', mirror]);
  const cliConfig = join(root, 'terraformrc');
  await writeFile(
    cliConfig,
    `provider_installation {\n  filesystem_mirror {\n    path    = ${JSON.stringify(mirror)}\n    include = ["registry.terraform.io/flagplane/flagplane"]\n  }\n}\n`,
  );
  const env = {
    ...process.env,
    TF_CLI_CONFIG_FILE: cliConfig,
    TF_IN_AUTOMATION: '1',
    CHECKPOINT_DISABLE: '1',
    FLAGPLANE_BASE_URL: serverUrl,
    FLAGPLANE_ORG: 'acme',
    FLAGPLANE_TOKEN: TOKEN,
  };
  /** `terraform <args>` in the configuration directory: { ms, code, stdout }. */
  const terraform = (args, okCodes = [0]) =>
    timeUntilExitWithOutput('terraform', [`-chdir=${directory}`, ...args], { env, okCodes });
  return {
    directory,
    terraform,
    write: (text) => writeFile(join(directory, 'main.tf'), text),
  };
}

/**
 * Terraform's own floor for the same walk: the same resource graph (a project, its environments, N flags
 * and a configuration per flag and environment, each referring to its flag and environment) as
 * `terraform_data` resources of Terraform's built-in provider, which runs inside Terraform (no plugin
 * process, no gRPC, no server). What a plan of it costs, no provider can go below.
 *
 * Its state is written directly in Terraform's state format (version 4, as `terraform apply` writes it
 * for `terraform_data`; applying 2,000 of them takes minutes), and the scenario checks that a plan of it
 * finds no change, so Terraform agrees it is its own.
 */
export async function floorWorkspace(root, flagCount) {
  const directory = join(root, 'floor');
  await mkdir(directory, { recursive: true });
  const blocks = [];
  const resources = [];
  const object = (fields) => ({
    value: fields,
    type: [
      'object',
      Object.fromEntries(
        Object.entries(fields).map(([k, v]) => [k, typeof v === 'boolean' ? 'bool' : 'string']),
      ),
    ],
  });
  const add = (name, fields, hclFields, dependencies) => {
    const body = Object.entries(hclFields)
      .map(([field, value]) => `    ${field} = ${value}`)
      .join('\n');
    blocks.push(`resource "terraform_data" "${name}" {\n  input = {\n${body}\n  }\n}`);
    const value = object(fields);
    resources.push({
      mode: 'managed',
      type: 'terraform_data',
      name,
      provider: 'provider["terraform.io/builtin/terraform"]',
      instances: [
        {
          schema_version: 0,
          attributes: { id: randomUUID(), input: value, output: value, triggers_replace: null },
          sensitive_attributes: [],
          ...(dependencies.length > 0 ? { dependencies } : {}),
        },
      ],
    });
  };
  add('project', { key: 'hcl', name: 'Web' }, { key: '"hcl"', name: '"Web"' }, []);
  for (const environment of ENVIRONMENTS) {
    add(
      `environment_${environment}`,
      { project: 'hcl', key: environment },
      { project: 'terraform_data.project.output.key', key: `"${environment}"` },
      ['terraform_data.project'],
    );
  }
  for (let index = 0; index < flagCount; index++) {
    const key = flagKey(index);
    const name = hclName(key);
    add(
      name,
      { project: 'hcl', key, type: 'Boolean', tags: 'bench' },
      { project: 'terraform_data.project.output.key', key: `"${key}"`, type: '"Boolean"', tags: '"bench"' },
      ['terraform_data.project'],
    );
    const enabled = enabledIn(index);
    for (const environment of ENVIRONMENTS) {
      add(
        `${name}_${environment}`,
        { project: 'hcl', flag: key, environment, enabled: enabled[environment] },
        {
          project: 'terraform_data.project.output.key',
          flag: `terraform_data.${name}.output.key`,
          environment: `terraform_data.environment_${environment}.output.key`,
          enabled: String(enabled[environment]),
        },
        [`terraform_data.${name}`, `terraform_data.environment_${environment}`, 'terraform_data.project'],
      );
    }
  }
  await writeFile(join(directory, 'main.tf'), `${blocks.join('\n\n')}\n`);
  const state = {
    version: 4,
    terraform_version: '1.11.4',
    serial: 1,
    lineage: randomUUID(),
    outputs: {},
    resources,
  };
  await writeFile(join(directory, 'terraform.tfstate'), JSON.stringify(state));
  const cliConfig = join(root, 'floor-terraformrc');
  // Nothing to install: the built-in provider only, and no registry.
  await writeFile(cliConfig, 'provider_installation {\n  direct {\n    exclude = ["*/*/*"]\n  }\n}\n');
  const env = {
    ...process.env,
    TF_CLI_CONFIG_FILE: cliConfig,
    TF_IN_AUTOMATION: '1',
    CHECKPOINT_DISABLE: '1',
  };
  const terraform = (args, okCodes = [0]) =>
    timeUntilExitWithOutput('terraform', [`-chdir=${directory}`, ...args], { env, okCodes });
  return { directory, terraform, resources: resources.length };
}
