import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Flagplane, Project } from '../src/index.js';
import { synthesizeStack } from './synth-support.js';

function synthError(declare: Parameters<typeof synthesizeStack>[0], directory?: string): string {
  try {
    synthesizeStack(declare, directory ? { directory } : {});
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('synth succeeded');
}

describe('validation at synth', () => {
  it('reports every problem at once, on the construct that caused it, before cdk.tf.json is written', () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'flagplane-invalid-'));
    const message = synthError((stack, flagplane) => {
      const web = new Project(stack, 'Web', { flagplane, key: 'web' });
      const mobile = new Project(stack, 'Mobile', { flagplane, key: 'mobile' });
      const production = web.addEnvironment('Production', { key: 'production' });
      mobile.addEnvironment('Production', { key: 'production' });
      const mobileBeta = mobile.addSegment('Beta', { key: 'beta' });
      const checkout = web.addFlag('Checkout', { key: 'checkout', type: 'Boolean' });
      const other = web.addFlag('Other', { key: 'other', type: 'Boolean' });
      web.addFlag('Duplicate', { key: 'checkout', type: 'Boolean' });
      const banner = web.addFlag('Banner', {
        key: 'banner',
        type: 'String',
        variations: [
          { key: 'a', value: 'A' },
          { key: 'b', value: 'B' },
        ],
      });
      banner.configure(production, {
        enabled: true,
        strategy: 'PercentageRollout',
        percentageRollout: [
          { variation: banner.variation('a'), weight: 50 },
          { variation: banner.variation('c'), weight: 40 },
        ],
        rules: [{ variation: other.variation('true'), segment: mobileBeta }],
      });
      checkout.configure(production, { prerequisites: [{ flag: other, variation: 'true' }] });
      other.configure(production, { prerequisites: [{ flag: checkout, variation: 'ture' }] });
    }, directory);
    expect(message.split('\n').filter((line) => line.trim().startsWith('['))).toEqual([
      '  [flags/Web/Checkout] configure(production).prerequisites[0].flag: prerequisite cycle in environment "production": checkout → other → checkout',
      '  [flags/Web/Other] configure(production).prerequisites[0].variation: unknown variation "ture"; did you mean "true"?',
      '  [flags/Web/Duplicate] key: duplicate flag key "checkout" (first declared at flags/Web/Checkout)',
      '  [flags/Web/Banner] configure(production).percentageRollout: weights must sum to 100, not 90',
      '  [flags/Web/Banner] configure(production).percentageRollout.c: unknown variation "c"; did you mean "a"?',
      '  [flags/Web/Banner] configure(production).rules[0].segment: segment "beta" belongs to project "mobile", not to "web"',
      '  [flags/Web/Banner] configure(production).rules[0].variation: variation "true" belongs to flag "other"; use this flag\'s variation()',
    ]);
    expect(existsSync(path.join(directory, 'cdktf.out', 'stacks', 'flags', 'cdk.tf.json'))).toBe(false);
  });

  it('checks formats with the contract’s schemas', () => {
    const message = synthError((stack, flagplane) => {
      const web = new Project(stack, 'Web', { flagplane, key: 'Web Shop' });
      web.addEnvironment('Production', { key: 'production', color: 'red' });
      web.addFlag('Limit', { key: 'limit', type: 'Number', variations: [{ key: 'low', value: 'ten' }] });
    });
    expect(message).toContain('[flags/Web] key:');
    expect(message).toContain('[flags/Web/Production] color:');
    expect(message).toContain(
      '[flags/Web/Limit] variations[0].value: a Number value is the text of a finite JSON number',
    );
  });

  it('refuses a retained child of a project whose removal deletes everything in it', () => {
    const message = synthError((stack, flagplane) => {
      const web = new Project(stack, 'Web', { flagplane, key: 'web' });
      web.addEnvironment('Production', { key: 'production' });
      web.addFlag('Kept', { key: 'kept', type: 'Boolean', removalPolicy: 'retain' });
    });
    expect(message).toContain(
      "[flags/Web/Kept] removalPolicy: cannot retain this flag: the project's removal policy is delete, which removes everything in it",
    );
  });

  it('refuses a second connection in one stack (a stack has one inventory)', () => {
    const message = synthError((stack) => {
      new Flagplane(stack, 'Second', { organization: 'acme' });
    });
    expect(message).toContain('[flags/Second] a stack holds one Flagplane connection');
  });

  it('says which environments a project declares when one is looked up that it does not', () => {
    synthesizeStack((stack, flagplane) => {
      const web = new Project(stack, 'Web', { flagplane, key: 'web' });
      web.addEnvironment('Production', { key: 'production' });
      expect(() => web.environment('prod')).toThrow(
        'project "web" declares no environment "prod" (declared: "production"); declare it with addEnvironment() first',
      );
    });
  });
});
