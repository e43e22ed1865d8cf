/**
 * Creation refused or asked about, in a real browser against a real server: the API's refusals (a key
 * taken, a value that is not JSON, a server-side check) next to the inputs they name, with nothing typed
 * lost; a project code manages asking before a new flag, and creating none when cancelled.
 */
import { NotFoundError } from '@flagplane/sdk';
import { expect, it } from 'vitest';
import { browserSuite, useConsoleBrowser } from './support/console-browser.js';
import { expectNoSeriousAccessibilityViolations, screenshot, signIn } from './support/console-page.js';
import { createProject, org, project, tokens } from './support/console-server.js';
import { messagesOf, orgPath, projectPathOf } from './support/create-flow.js';

browserSuite('refused and guarded creation in headless Chromium', () => {
  const browser = useConsoleBrowser(async () => {
    // Nothing: the organization starts empty.
  });
  const owner = () => browser.server.owner;

  it('keeps what was typed when the API refuses, with each message next to its input', async () => {
    await createProject(owner());
    await owner().flags.create(org, project, { key: 'taken', type: 'Boolean' });
    const page = await browser.open([
      { status: 409, urlIncludes: `/projects/${project}/flags` },
      { status: 409, urlIncludes: `/orgs/${org}/projects` },
      { status: 400, urlIncludes: `/orgs/${org}/projects` },
    ]);
    await signIn(page, browser.server.baseUrl, tokens.owner, projectPathOf(project));
    await page.getByRole('button', { name: 'New flag' }).click();

    // A key taken: 409, said next to the key, with the way to the flag that holds it.
    await page.locator('#new-flag-key').fill('taken');
    await page.locator('#new-flag-name').fill('Taken again');
    await page.getByRole('button', { name: 'Create flag' }).click();
    await expect.poll(() => page.locator('#new-flag-key').getAttribute('aria-invalid')).toBe('true');
    expect(await messagesOf(page, 'new-flag-key')).toBe('A flag with key "taken" already exists.');
    expect(await page.getByRole('link', { name: 'Open flag taken' }).getAttribute('href')).toBe(
      `${projectPathOf(project)}/flags/taken`,
    );
    expect(await page.locator('#new-flag-name').inputValue()).toBe('Taken again');

    // A Json value that is not JSON: said as soon as its input is left, and the save changes nothing.
    await page.locator('#new-flag-key').fill('limits');
    await page.locator('#new-flag-type-Json').check();
    const first = page.getByRole('group', { name: 'Variation 1' });
    const second = page.getByRole('group', { name: 'Variation 2' });
    await first.getByLabel('Key').fill('strict');
    await first.getByLabel('Value').fill('{"limit": 10}');
    await second.getByLabel('Key').fill('broken');
    await second.getByLabel('Value').fill('{"limit": }');
    await second.getByLabel('Description').focus(); // leaves the value
    const secondValue = await second.getByLabel('Value').getAttribute('id');
    if (!secondValue) throw new Error('the value input has an id');
    await expect.poll(() => page.locator(`[id="${secondValue}"]`).getAttribute('aria-invalid')).toBe('true');
    expect(await messagesOf(page, secondValue)).toMatch(/^a Json value is valid JSON text: \S/);
    expect(await first.getByLabel('Value').getAttribute('aria-invalid')).toBeNull();
    await screenshot(page, 'new-flag-refused-json');
    await expectNoSeriousAccessibilityViolations(page, 'new flag form, a refused Json value');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
    await page.getByRole('button', { name: 'Create flag' }).click();
    await page.getByText('See the marked field:').waitFor();
    // The error's link to the field moves the focus to the refused value.
    await page.getByRole('link', { name: 'Value', exact: true }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(secondValue);
    // The SDK checked the body against the contract and sent nothing; the message is the field's.
    expect(requests.filter((request) => request.startsWith('POST'))).toEqual([]);
    expect(await messagesOf(page, secondValue)).toMatch(/^a Json value is valid JSON text: \S/);
    expect(await page.locator('#new-flag-key').inputValue()).toBe('limits');
    expect(await second.getByLabel('Value').inputValue()).toBe('{"limit": }');
    await expect(owner().flags.retrieve(org, project, 'limits')).rejects.toBeInstanceOf(NotFoundError);

    // Switching to Boolean and back loses no row; fixed, the value goes through.
    await page.locator('#new-flag-type-Boolean').check();
    await page.getByRole('cell', { name: 'On', exact: true }).waitFor();
    await page.locator('#new-flag-type-Json').check();
    expect(await second.getByLabel('Key').inputValue()).toBe('broken');
    await second.getByLabel('Value').fill('{"limit": null}');
    await page.getByRole('button', { name: 'Create flag' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${projectPathOf(project)}/flags/limits`);
    await page.getByText('Flag limits created').waitFor(); // the flag's page is drawn: its chunks are in
    const stored = await owner().flags.retrieve(org, project, 'limits');
    expect(stored.variations.map((variation) => variation.value)).toEqual([
      '{"limit": 10}',
      '{"limit": null}',
    ]);

    // A project: a key taken (409), then a check only the server makes (two environments of one key).
    await page.goto(`${browser.server.baseUrl}${orgPath}`);
    await page.getByRole('button', { name: 'New project' }).click();
    await page.locator('#new-project-key').fill(project);
    await page.locator('#new-project-description').fill('A second shop');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect.poll(() => page.locator('#new-project-key').getAttribute('aria-invalid')).toBe('true');
    expect(await messagesOf(page, 'new-project-key')).toBe(`A project with key "${project}" already exists.`);
    expect(await page.getByRole('link', { name: `Open project ${project}` }).getAttribute('href')).toBe(
      projectPathOf(project),
    );
    await page.locator('#new-project-key').fill('shop-two');
    await page.locator('#new-project-environments').fill('qa\nlive\nqa');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect
      .poll(() => page.locator('#new-project-environments').getAttribute('aria-invalid'))
      .toBe('true');
    expect(await messagesOf(page, 'new-project-environments')).toBe(
      'Environment 3 (qa): duplicate environment key "qa"',
    );
    expect(await page.locator('#new-project-description').inputValue()).toBe('A second shop');
    await expectNoSeriousAccessibilityViolations(page, 'new project form, refused');
    await expect(owner().projects.retrieve(org, 'shop-two')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('asks before creating a flag in a project code manages, and creates none when cancelled', async () => {
    const source = 'file:flags/managed.yaml';
    await owner().projects.create(org, {
      key: 'managed',
      environments: [{ key: 'production' }],
      managedBy: { source },
    });
    const page = await browser.open();
    await signIn(page, browser.server.baseUrl, tokens.owner, projectPathOf('managed'));
    await page.getByRole('button', { name: 'Create the first flag' }).click();
    await page.getByText(`This project is managed by ${source}`).waitFor();
    await page.locator('#new-flag-key').fill('by-hand');
    await page.getByRole('button', { name: 'Create flag' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`unless ${source} declares this flag too`);
    await expectNoSeriousAccessibilityViolations(page, 'new flag in a managed project, asking');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.locator('#new-flag-key').inputValue()).toBe('by-hand');
    await expect(owner().flags.retrieve(org, 'managed', 'by-hand')).rejects.toBeInstanceOf(NotFoundError);

    await page.getByRole('button', { name: 'Create flag' }).click();
    await dialog.getByRole('button', { name: 'Create anyway' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${projectPathOf('managed')}/flags/by-hand`);
    expect(await owner().flags.retrieve(org, 'managed', 'by-hand')).toMatchObject({ managedBy: null });
  });
});
