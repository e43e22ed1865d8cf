/**
 * Every page of the console, each in a state worth looking at (a form open, a dialog asking, a key shown
 * once, results in), as the stops of a tour one tab takes: for tests that check the same thing on every
 * page (its layout at a width, axe-core in a colour scheme). `setTourScene` gives a server what the stops
 * need; `takeTour` starts signed out, signs in, and calls back at each stop.
 */
import type { Locator, Page } from 'playwright-core';
import { signIn } from './console-page.js';
import { type ConsoleServer, createFlags, createProject, org, project } from './console-server.js';

/** A flag with a targeting rule in staging (its page, its configuration's edit mode). */
export const ruleFlag = 'flag-0007';
/** A long key (67 characters; a flag key may have 128), a long name and tags: what a narrow page must fit. */
export const longFlagKey = 'checkout-redesign-with-express-payment-and-saved-cards-for-everyone';
const segmentKey = 'beta-testers';
const projectPath = `/console/orgs/${org}/projects/${project}`;

export async function setTourScene(server: ConsoleServer): Promise<void> {
  const { owner } = server;
  await createProject(owner);
  await createFlags(owner, 12);
  await owner.flags.create(org, project, {
    key: longFlagKey,
    type: 'Boolean',
    name: 'Checkout redesign with express payment and saved cards, for returning customers everywhere',
    tags: ['checkout', 'payments-team', 'experiment-2026-q3'],
    managedBy: { source: 'file:teams/payments/flags.yaml', environments: ['production'] },
  });
  const flag = await owner.flags.retrieve(org, project, ruleFlag);
  const served = flag.variations.find((variation) => variation.value === 'true');
  if (!served) throw new Error('a Boolean flag has a "true" variation');
  await owner.segments.create(org, project, {
    key: segmentKey,
    name: 'Beta testers',
    included: ['user-1', 'user-2', 'a-rather-long-context-key-of-an-internal-tester@example.test'],
  });
  await owner.rules.create(org, project, ruleFlag, 'staging', {
    description: 'Germany and Austria, on the newest app',
    variationId: served.id,
    conditionGroups: [
      {
        operator: 'And',
        conditions: [
          { attribute: 'country', operator: 'In', values: ['DE', 'AT'] },
          { attribute: 'appVersion', operator: 'SemverGreaterThanOrEqual', values: ['4.12.0'] },
        ],
      },
    ],
  });
  // Events with changes to show in detail; rules apply only under TargetedRollout (§21).
  await owner.flagEnvironments.update(org, project, ruleFlag, 'staging', {
    isEnabled: true,
    strategy: 'TargetedRollout',
  });
  await owner.sdkKeys.create(org, project, 'production', {
    name: 'checkout-service',
    description: 'The checkout service in every region',
    type: 'ServerSide',
  });
}

export interface TourStop {
  /** Names the page in messages and screenshot files. */
  readonly name: string;
  /** The page's address, opened in a signed-in tab. */
  readonly path: string;
  /** What shows once the page has loaded. */
  readonly shows: (page: Page) => Locator;
  /** Brings the page to the state to check (a form, a dialog, results), and waits until it shows. */
  readonly open?: (page: Page) => Promise<void>;
  /** Closes what `open` opened (a form, a dialog, a key shown once), so that nothing asks to stay. */
  readonly leave?: (page: Page) => Promise<void>;
}

const flagPath = (flag: string) => `${projectPath}/flags/${flag}`;
const button = (page: Page, name: string) => page.getByRole('button', { name });
const configurationForm = (page: Page) => page.getByRole('form', { name: 'The staging configuration' });
const newSegment = (page: Page) => page.getByRole('region', { name: 'New segment' });
const dialog = (page: Page) => page.getByRole('dialog');
const editStaging = 'Edit the staging configuration';

/** The stops after signing in: every page, and the states of a page that draw something new. */
export const tourStops: readonly TourStop[] = [
  {
    name: 'organizations',
    path: '/console',
    shows: (page) => page.getByRole('link', { name: 'Acme Inc' }),
  },
  {
    name: 'organization',
    path: `/console/orgs/${org}`,
    shows: (page) => page.getByRole('link', { name: 'Shop' }),
  },
  {
    name: 'new-project-form',
    path: `/console/orgs/${org}`,
    shows: (page) => button(page, 'New project'),
    open: async (page) => {
      await button(page, 'New project').click();
      await button(page, 'Create project').waitFor();
    },
    leave: (page) => button(page, 'Cancel').click(),
  },
  {
    name: 'flag-list',
    path: projectPath,
    shows: (page) => page.getByRole('switch', { name: `${longFlagKey} in production` }),
  },
  {
    // A String flag's form: its rows of variations, the widest form the console has.
    name: 'new-flag-form',
    path: projectPath,
    shows: (page) => button(page, 'New flag'),
    open: async (page) => {
      await button(page, 'New flag').click();
      await page.getByRole('radio', { name: /^String/ }).check();
      await page.getByRole('group', { name: 'Variation 1' }).waitFor();
    },
    leave: (page) => button(page, 'Cancel').click(),
  },
  { name: 'flag', path: flagPath(ruleFlag), shows: (page) => button(page, editStaging) },
  {
    name: 'flag-editing-rules',
    path: flagPath(ruleFlag),
    shows: (page) => button(page, editStaging),
    open: async (page) => {
      await button(page, editStaging).click();
      await configurationForm(page).getByRole('group', { name: 'Rule 1' }).waitFor();
    },
    leave: (page) => configurationForm(page).getByRole('button', { name: 'Cancel' }).click(),
  },
  { name: 'long-flag', path: flagPath(longFlagKey), shows: (page) => button(page, 'Edit settings') },
  {
    name: 'segments',
    path: `${projectPath}/segments`,
    shows: (page) => button(page, `Edit segment ${segmentKey}`),
  },
  {
    name: 'segment-form',
    path: `${projectPath}/segments`,
    shows: (page) => button(page, 'New segment'),
    open: async (page) => {
      await button(page, 'New segment').click();
      await newSegment(page).getByRole('button', { name: 'Create segment' }).waitFor();
    },
    leave: (page) => newSegment(page).getByRole('button', { name: 'Cancel' }).click(),
  },
  {
    name: 'segment-delete-question',
    path: `${projectPath}/segments`,
    shows: (page) => button(page, `Delete segment ${segmentKey}`),
    open: async (page) => {
      await button(page, `Delete segment ${segmentKey}`).click();
      await dialog(page).waitFor();
    },
    leave: (page) => dialog(page).getByRole('button', { name: 'Cancel' }).click(),
  },
  {
    name: 'environments',
    path: `${projectPath}/environments`,
    shows: (page) => button(page, 'Edit environment development'),
  },
  {
    name: 'environment-editing',
    path: `${projectPath}/environments`,
    shows: (page) => button(page, 'Edit environment development'),
    open: async (page) => {
      await button(page, 'Edit environment development').click();
      await button(page, 'Save environment').waitFor();
    },
    leave: (page) => button(page, 'Cancel').click(),
  },
  {
    name: 'sdk-keys',
    path: `${projectPath}/environments/production/sdk-keys`,
    shows: (page) => button(page, 'Revoke checkout-service'),
  },
  {
    name: 'sdk-key-created',
    path: `${projectPath}/environments/production/sdk-keys`,
    shows: (page) => button(page, 'Revoke checkout-service'),
    open: async (page) => {
      await button(page, 'New SDK key').click();
      await page.getByLabel('Name').fill('web-frontend');
      await button(page, 'Create SDK key').click();
      await page.locator('.secret').waitFor();
    },
    // Hidden without copying: the page asks first.
    leave: async (page) => {
      await button(page, 'Hide the key').click();
      await dialog(page).getByRole('button', { name: 'Hide the key' }).click();
      await dialog(page).waitFor({ state: 'hidden' });
    },
  },
  {
    name: 'organization-events-details',
    path: `/console/orgs/${org}/events`,
    // In the table: the action filter lists every action too (a hidden option).
    shows: (page) => page.locator('table').getByText('updateFlagEnvironment').first(),
    open: async (page) => {
      const changed = page.getByRole('row').filter({ hasText: 'updateFlagEnvironment' }).first();
      await changed.locator('summary').click();
      await changed.locator('details table').waitFor();
    },
  },
  {
    name: 'project-events',
    path: `${projectPath}/events`,
    shows: (page) => page.locator('table').getByText('createFlag').first(),
  },
  {
    name: 'playground-results',
    path: `${projectPath}/playground`,
    shows: (page) => button(page, 'Evaluate'),
    open: async (page) => {
      await page.getByLabel('Environment').selectOption('staging');
      await page.getByLabel('Context key (targeting key, optional)').fill('user-42');
      await page.getByLabel('Attribute 1 name').fill('country');
      await page.getByLabel('Attribute 1 value').fill('DE');
      await button(page, 'Evaluate').click();
      await page.getByRole('row', { name: new RegExp(longFlagKey) }).waitFor();
    },
  },
  {
    name: 'not-found',
    path: `${projectPath}/no-such-page`,
    shows: (page) => page.getByRole('heading', { name: 'Nothing here' }),
  },
];

/**
 * Visits the sign-in page (signed out), signs in with `token`, then every stop, calling `atStop` at each
 * (`sign-in` first) once it shows.
 */
export async function takeTour(
  page: Page,
  baseUrl: string,
  token: string,
  atStop: (name: string) => Promise<void>,
): Promise<void> {
  await page.goto(`${baseUrl}/console`);
  await page.getByLabel('API token').waitFor();
  await atStop('sign-in');
  await signIn(page, baseUrl, token);
  for (const stop of tourStops) {
    await page.goto(`${baseUrl}${stop.path}`);
    await stop.shows(page).waitFor();
    await stop.open?.(page);
    await atStop(stop.name);
    await stop.leave?.(page);
  }
}
