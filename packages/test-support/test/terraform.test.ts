/**
 * The configuration check must be able to fail: hand-written stacks that Terraform refuses (the
 * interpolated `depends_on` the constructs once wrote) and ones it accepts, in both resource types.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the stacks hold Terraform interpolations, as synthesized
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkStackConfiguration, terraformAvailable } from '../src/terraform.js';

function stackOf(resources: Record<string, Record<string, unknown>>, providers = false): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'flagplane-test-support-'));
  const document = {
    terraform: {
      backend: { local: { path: 'terraform.tfstate' } },
      ...(providers ? { required_providers: { null: { source: 'null', version: '3.2.4' } } } : {}),
    },
    ...(providers ? { provider: { null: [{}] } } : {}),
    resource: resources,
  };
  writeFileSync(path.join(directory, 'cdk.tf.json'), JSON.stringify(document));
  return directory;
}

const exec = (when?: string) => ({
  'local-exec': {
    command: 'true',
    ...(when ? { when } : {}),
    environment: { A: '${self.triggers_replace.a}' },
  },
});

describe.skipIf(!terraformAvailable())('checkStackConfiguration', () => {
  it('accepts terraform_data with bare depends_on references, through terraform validate', async () => {
    const check = await checkStackConfiguration(
      stackOf({
        terraform_data: {
          first: { triggers_replace: { a: 'x' }, provisioner: [exec(), exec('destroy')] },
          second: {
            triggers_replace: { a: '${terraform_data.first.id}' },
            depends_on: ['terraform_data.first'],
          },
        },
      }),
    );
    expect(check).toEqual({ accepted: true, checkedBy: 'validate', errors: [] });
  });

  it('refuses an interpolated depends_on entry', async () => {
    const check = await checkStackConfiguration(
      stackOf({
        terraform_data: {
          first: { triggers_replace: { a: 'x' } },
          second: { triggers_replace: { a: 'y' }, depends_on: ['${terraform_data.first}'] },
        },
      }),
    );
    expect(check.accepted).toBe(false);
    expect(check.errors.join('\n')).toContain('A single static variable reference is required');
  });

  it('refuses a destroy-time provisioner that refers to another resource', async () => {
    const check = await checkStackConfiguration(
      stackOf({
        terraform_data: {
          first: { triggers_replace: { a: 'x' } },
          second: {
            triggers_replace: { a: 'y' },
            provisioner: [
              {
                'local-exec': {
                  command: 'true',
                  when: 'destroy',
                  environment: { A: '${terraform_data.first.id}' },
                },
              },
            ],
          },
        },
      }),
    );
    expect(check.accepted).toBe(false);
    expect(check.errors.join('\n')).toContain('Invalid reference from destroy provisioner');
  });

  it('checks a null_resource stack as far as init goes: accepted when only the provider download fails', async () => {
    const valid = await checkStackConfiguration(
      stackOf(
        {
          null_resource: { first: { triggers: { a: 'x' } }, second: { depends_on: ['null_resource.first'] } },
        },
        true,
      ),
    );
    expect(valid.accepted).toBe(true);
    const refused = await checkStackConfiguration(
      stackOf({ null_resource: { first: {}, second: { depends_on: ['${null_resource.first}'] } } }, true),
    );
    expect(refused.accepted).toBe(false);
    expect(refused.checkedBy).toBe('init');
    expect(refused.errors.join('\n')).toContain('A single static variable reference is required');
  });
});
