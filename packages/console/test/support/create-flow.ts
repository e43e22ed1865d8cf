/**
 * What the creation tests share (console-create*.browser.test.ts): the organization's paths, a Viewer's
 * refusal, running a line the console shows as a person would paste it, reading an input's messages the
 * way a screen reader finds them, and filling the new-flag form by keyboard alone.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FlagType } from '@flagplane/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { org, tokens } from './console-server.js';
import { expectFocusOn, tabTo } from './keyboard.js';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const viewerReason = 'Requires role Member; you have Viewer.';
export const orgPath = `/console/orgs/${org}`;
export const projectPathOf = (key: string) => `${orgPath}/projects/${key}`;

/** Runs a line shown by the console in a shell at the repository root, as a person would paste it. */
export async function runAsPasted(command: string): Promise<string> {
  const { stdout } = await promisify(execFile)('sh', ['-c', command], {
    cwd: repositoryRoot,
    env: { ...process.env, FLAGPLANE_TOKEN: tokens.owner },
    timeout: 60_000,
  });
  return stdout;
}

/** The text of the messages the input's aria-describedby names first (its errors, when it has some). */
export async function messagesOf(page: Page, inputId: string): Promise<string> {
  const input = page.locator(`[id="${inputId}"]`);
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
  return (await page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent()) ?? '';
}

export interface VariationTyped {
  readonly key: string;
  readonly name: string;
  /** Typed as it is: a line break is Enter, in a Json value's text box. */
  readonly value: string;
  readonly description: string;
}

export interface FlagTyped {
  readonly key: string;
  readonly name: string;
  readonly description: string;
  readonly type: FlagType;
  /** None for a Boolean flag: it has its two fixed ones. */
  readonly variations: readonly VariationTyped[];
  /** The default variation's key, chosen with the arrow keys; the API's choice when absent. */
  readonly defaultKey?: string;
  readonly tags: string;
  readonly clientSideVisible: boolean;
  readonly temporary: boolean;
}

export const flagTypes: readonly FlagType[] = ['Boolean', 'String', 'Number', 'Json'];

/**
 * Fills the open new-flag form from its first input to its Create button with the keyboard alone, each
 * Tab landing where it should, and presses Enter.
 */
export async function typeNewFlag(page: Page, flag: FlagTyped): Promise<void> {
  await expectFocusOn(page, 'new-flag-key'); // the form took the focus when it opened
  await page.keyboard.type(flag.key);
  await tabTo(page, 'new-flag-name');
  await page.keyboard.type(flag.name);
  await tabTo(page, 'new-flag-description');
  await page.keyboard.type(flag.description);
  await tabTo(page, 'new-flag-type-Boolean'); // the checked choice of the group
  for (let step = 0; step < flagTypes.indexOf(flag.type); step++) await page.keyboard.press('ArrowDown');
  await expectFocusOn(page, `new-flag-type-${flag.type}`);
  for (const [index, variation] of flag.variations.entries()) {
    const row = `Variation ${index + 1}`;
    if (index < 2) {
      await tabTo(page, `${row} › Key`); // the form starts with two rows
    } else {
      await tabTo(page, 'Add a variation');
      await page.keyboard.press('Enter');
      await expectFocusOn(page, `${row} › Key`); // the new row's first input
    }
    await page.keyboard.type(variation.key);
    await tabTo(page, `${row} › Name`);
    await page.keyboard.type(variation.name);
    await tabTo(page, `${row} › Value`);
    await page.keyboard.type(variation.value);
    await tabTo(page, `${row} › Description`);
    await page.keyboard.type(variation.description);
    await tabTo(page, `${row} › Remove variation ${index + 1}`);
  }
  await tabTo(page, 'Default variation', { maxPresses: flag.type === 'Boolean' ? 1 : 2 });
  if (flag.defaultKey !== undefined) {
    const keys =
      flag.type === 'Boolean' ? ['true', 'false'] : flag.variations.map((variation) => variation.key);
    for (let step = 0; step <= keys.indexOf(flag.defaultKey); step++) await page.keyboard.press('ArrowDown');
    expect(await page.locator('#new-flag-defaultVariationKey').inputValue()).toBe(flag.defaultKey);
  }
  await tabTo(page, 'new-flag-tags');
  await page.keyboard.type(flag.tags);
  await tabTo(page, 'Visible to client-side SDK keys');
  if (flag.clientSideVisible) await page.keyboard.press('Space');
  await tabTo(page, 'Temporary');
  if (flag.temporary) await page.keyboard.press('Space');
  await tabTo(page, 'Cancel');
  await tabTo(page, 'Create flag');
  await page.keyboard.press('Enter');
}
