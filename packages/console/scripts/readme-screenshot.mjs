#!/usr/bin/env node
/**
 * Writes the root README's picture of the console (docs/images/console-flag-list.png): the real server in
 * memory, a project with a few flags (two declared in code, some switched on), the flag list
 * in Debian's Chromium. Run after `npm run build`: `node packages/console/scripts/readme-screenshot.mjs`.
 */
import { fileURLToPath } from 'node:url';
import { createClient } from '@flagplane/sdk';
import { buildServer } from '@flagplane/server';
import { launchChromium } from '@flagplane/test-support/browser';

const output = fileURLToPath(new URL('../../../docs/images/console-flag-list.png', import.meta.url));
const token = `fp_pat_${'readme'.padEnd(40, '0')}`;
const app = await buildServer({
  identities: {
    organizations: [{ slug: 'acme', name: 'Acme Inc', plan: 'Pro' }],
    users: [
      { email: 'ada@acme.test', name: 'Ada Lovelace', memberships: { acme: 'Owner' }, tokens: [token] },
    ],
    serviceTokens: [],
  },
});
const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
const browser = await launchChromium();
try {
  const client = createClient({ baseUrl, token });
  await client.projects.create('acme', {
    key: 'web',
    name: 'Web shop',
    environments: [{ key: 'development' }, { key: 'staging' }, { key: 'production' }],
  });
  const flags = [
    [
      'checkout-redesign',
      'Checkout redesign',
      ['checkout'],
      { source: 'cdktf:prod-flags', environments: ['production'] },
    ],
    ['dark-mode', 'Dark mode', ['ui'], null],
    ['new-search', 'New search', ['search', 'beta'], { source: 'file:flags/web.yaml', environments: [] }],
    ['one-click-pay', 'One-click pay', ['checkout'], null],
    ['recommendations-v2', 'Recommendations v2', ['ml'], null],
    ['holiday-banner', 'Holiday banner', ['marketing'], null],
  ];
  for (const [key, name, tags, managedBy] of flags)
    await client.flags.create('acme', 'web', {
      key,
      name,
      tags,
      type: 'Boolean',
      ...(managedBy ? { managedBy } : {}),
    });
  for (const [key, environment] of [
    ['checkout-redesign', 'development'],
    ['checkout-redesign', 'staging'],
    ['dark-mode', 'development'],
    ['dark-mode', 'staging'],
    ['dark-mode', 'production'],
    ['new-search', 'development'],
    ['one-click-pay', 'development'],
    ['holiday-banner', 'production'],
  ])
    await client.flagEnvironments.toggle('acme', 'web', key, environment, { enabled: true });

  const context = await browser.newContext({ viewport: { width: 1200, height: 560 }, deviceScaleFactor: 1 });
  await context.addInitScript((value) => sessionStorage.setItem('flagplane.console.token', value), token);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/console/orgs/acme/projects/web`);
  await page.getByRole('switch', { name: 'holiday-banner in production' }).waitFor();
  await page.screenshot({ path: output });
  console.log(`wrote ${output}`);
} finally {
  await browser.close();
  await app.close();
}
