/**
 * A desired-state file for `flagplane apply` (the format of packages/cli/README.md), written as YAML:
 * organization `acme`, project `web` (or another key) with three environments, and N Boolean flags
 * `flag-000000` … with a configuration that differs from the default in some environments (so applying it
 * writes configurations, not only creations): enabled in development always, in staging every 2nd flag,
 * in production every 5th. The Terraform scenario declares the same flags in HCL (`enabledIn`).
 */
import { writeFile } from 'node:fs/promises';
import { flagKey, ORG, PROJECT } from './data-file.mjs';

export const ENVIRONMENTS = ['development', 'staging', 'production'];

export const enabledIn = (index) => ({
  development: true,
  staging: index % 2 === 0,
  production: index % 5 === 0,
});

export function desiredStateYaml(flagCount, project = PROJECT) {
  const lines = [
    `organization: ${ORG}`,
    'projects:',
    `  - key: ${project}`,
    '    name: Web',
    '    environments:',
  ];
  for (const environment of ENVIRONMENTS) lines.push(`      - key: ${environment}`);
  lines.push('    flags:');
  for (let index = 0; index < flagCount; index++) {
    lines.push(`      - key: ${flagKey(index)}`, '        type: Boolean', '        tags: [bench]');
    lines.push('        environments:');
    for (const [environment, enabled] of Object.entries(enabledIn(index))) {
      if (enabled) lines.push(`          ${environment}:`, '            enabled: true');
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Writes the file; returns the number of configurations that differ from the default (flag × environment). */
export async function writeDesiredState(path, flagCount, project = PROJECT) {
  await writeFile(path, desiredStateYaml(flagCount, project));
  let configured = 0;
  for (let index = 0; index < flagCount; index++) {
    configured += Object.values(enabledIn(index)).filter(Boolean).length;
  }
  return configured;
}
