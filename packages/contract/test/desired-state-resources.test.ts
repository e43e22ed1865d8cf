/** What the CDKTF constructs share with the CLI: canonical JSON, the inventory's place, resource specs. */
import { describe, expect, it } from 'vitest';
import {
  canonicalForm,
  canonicalJson,
  cdktfInventory,
  defaultVariationOf,
  formatProblem,
  inventoryOfSynthesizedStack,
  literalTemplateText,
  reconciledEnvironmentKeys,
  validateResourceRemovalSpec,
  validateResourceSpec,
} from '../src/index.js';

describe('canonicalJson', () => {
  it('writes the same text whatever order the properties were written in', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: undefined }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('is JSON.stringify of the canonical form, part by part', () => {
    const value = { b: [{ y: 1, x: undefined }, undefined], a: { d: 'text', c: [] } };
    const form = canonicalForm(value) as { a: unknown; b: unknown };
    expect(JSON.stringify(form)).toBe(canonicalJson(value));
    expect(JSON.stringify(form.a)).toBe(canonicalJson(value.a));
    expect(JSON.stringify(form.b)).toBe(canonicalJson(value.b));
  });
});

describe('inventoryOfSynthesizedStack', () => {
  it('reads the desired state from the inventory, a null_resource or a terraform_data', () => {
    const json = '{"organization":"acme"}';
    const asNull = {
      resource: {
        null_resource: { [cdktfInventory.resourceName]: { triggers: { [cdktfInventory.triggerKey]: json } } },
      },
    };
    expect(inventoryOfSynthesizedStack(asNull)).toEqual({
      desiredStateJson: json,
      location: 'resource.null_resource.flagplane_inventory.triggers.desired_state',
    });
    const asData = {
      resource: {
        terraform_data: {
          [cdktfInventory.resourceName]: { triggers_replace: { [cdktfInventory.triggerKey]: json } },
        },
      },
    };
    expect(inventoryOfSynthesizedStack(asData)).toEqual({
      desiredStateJson: json,
      location: 'resource.terraform_data.flagplane_inventory.triggers_replace.desired_state',
    });
  });

  it('undoes the template escapes Terraform would undo, and nothing else', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Terraform template text, as synthesized and as Terraform reads it
    const escaped = '{"description":"Hi $${name}, 100%% {x} %%{if} $$${y} $5 %"}';
    const stack = {
      resource: { null_resource: { flagplane_inventory: { triggers: { desired_state: escaped } } } },
    };
    expect(inventoryOfSynthesizedStack(stack).desiredStateJson).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Terraform template text, as synthesized and as Terraform reads it
      '{"description":"Hi ${name}, 100%% {x} %{if} $${y} $5 %"}',
    );
    expect(literalTemplateText('no escapes: $ { %')).toBe('no escapes: $ { %');
  });

  it('says what is missing when the stack has no inventory, or two', () => {
    const expected =
      'resource.null_resource.flagplane_inventory or resource.terraform_data.flagplane_inventory';
    expect(inventoryOfSynthesizedStack({}).error).toBe(
      `the stack has no Flagplane inventory (expected ${expected})`,
    );
    expect(inventoryOfSynthesizedStack({ resource: { null_resource: { other: {} } } }).error).toBe(
      `the stack has no Flagplane inventory (expected ${expected})`,
    );
    const both = {
      resource: { null_resource: { flagplane_inventory: {} }, terraform_data: { flagplane_inventory: {} } },
    };
    expect(inventoryOfSynthesizedStack(both).error).toBe(
      `the stack has two Flagplane inventories (${expected}); a stack holds one`,
    );
    expect(
      inventoryOfSynthesizedStack({ resource: { terraform_data: { flagplane_inventory: { triggers: {} } } } })
        .error,
    ).toBe('resource.terraform_data.flagplane_inventory.triggers_replace.desired_state is not a JSON text');
  });
});

describe('validateResourceSpec', () => {
  it('accepts a flag spec and checks its own references', () => {
    const valid = validateResourceSpec('flag', {
      organization: 'acme',
      project: 'web',
      flag: {
        key: 'x',
        type: 'Boolean',
        environments: { production: { enabled: true, rules: [{ variation: 'true', segment: 'beta' }] } },
      },
    });
    expect(valid.problems).toBeUndefined();
    expect(valid.spec?.flag.key).toBe('x');

    const invalid = validateResourceSpec('flag', {
      organization: 'acme',
      project: 'web',
      flag: {
        key: 'x',
        type: 'Boolean',
        environments: {
          production: { defaultVariation: 'ture', prerequisites: [{ flag: 'x', variation: 'true' }] },
        },
      },
    });
    expect(invalid.problems?.map(formatProblem)).toEqual([
      'flag.environments.production.defaultVariation: unknown variation "ture"; did you mean "true"?',
      'flag.environments.production.prerequisites[0].flag: a flag cannot be its own prerequisite',
    ]);
  });

  it('reports an SDK key spec without its environment and with an unknown property', () => {
    const result = validateResourceSpec('sdkKey', {
      organization: 'acme',
      project: 'web',
      sdkKey: { name: 'server', type: 'ServerSide', plaintext: 'x' },
    });
    expect(result.problems?.map(formatProblem)).toEqual([
      'sdkKey.plaintext: unknown property; did you mean "plaintextFile"?',
      'sdkKey.environment: is required',
    ]);
  });
});

describe('reconciledEnvironmentKeys (§20)', () => {
  it("orders a project's environments as the API lists them: sortOrder (else the position), then key", () => {
    expect(
      reconciledEnvironmentKeys([
        { key: 'production', sortOrder: 2 },
        { key: 'development' }, // position 1
        { key: 'staging', sortOrder: 1 },
        { key: 'qa', sortOrder: 2 },
      ]),
    ).toEqual(['development', 'staging', 'production', 'qa']);
    expect(reconciledEnvironmentKeys([{ key: 'b' }, { key: 'a' }])).toEqual(['b', 'a']);
  });
});

describe('validateResourceRemovalSpec', () => {
  it('needs only the identity and the policy, and still checks what else it is given', () => {
    const identityOnly = validateResourceRemovalSpec('flag', {
      organization: 'acme',
      project: 'web',
      flag: { key: 'x', removalPolicy: 'delete' },
    });
    expect(identityOnly.spec?.flag).toEqual({ key: 'x', removalPolicy: 'delete' });
    const whole = validateResourceRemovalSpec('flag', {
      organization: 'acme',
      project: 'web',
      flag: { key: 'x', type: 'Boolean', removalPolicy: 'archive' },
    });
    expect(whole.problems).toBeUndefined();
    const wrong = validateResourceRemovalSpec('sdkKey', {
      organization: 'acme',
      project: 'web',
      sdkKey: { name: 'server', removalPolicy: 'archive', type: 'serverside' },
    });
    expect(wrong.problems?.map(formatProblem)).toEqual([
      'sdkKey.removalPolicy: expected one of revoke, retain, received "archive"',
      'sdkKey.type: expected one of ClientSide, ServerSide, received "serverside"; did you mean "ServerSide"?',
      'sdkKey.environment: is required',
    ]);
  });
});

describe('defaultVariationOf', () => {
  it('is the declared default, else false of a Boolean flag, else the first variation', () => {
    expect(defaultVariationOf({ type: 'Boolean' })).toBe('false');
    expect(
      defaultVariationOf({
        type: 'String',
        variations: [
          { key: 'a', value: 'A' },
          { key: 'b', value: 'B' },
        ],
      }),
    ).toBe('a');
    expect(defaultVariationOf({ type: 'Boolean', defaultVariation: 'true' })).toBe('true');
  });
});
