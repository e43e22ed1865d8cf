/**
 * A web page of another origin reading Flagplane's flags with the standard OFREP web provider
 * (`@openfeature/ofrep-web-provider` on `@openfeature/web-sdk`), configured with nothing but the server's
 * address and a client-side key, as any web app would. The test reads `window.flagState`.
 */
import { OFREPWebProvider } from '@openfeature/ofrep-web-provider';
import { OpenFeature, ProviderEvents } from '@openfeature/web-sdk';

const params = new URLSearchParams(location.search);
const state = { status: 'starting', error: null, details: {}, changes: [] };
window.flagState = state;

/** The flags the test looks at: what the page shows, and OpenFeature's details of each. */
function render() {
  const client = OpenFeature.getClient();
  state.details = {
    'kill-switch': client.getBooleanDetails('kill-switch', false),
    banner: client.getStringDetails('banner', 'fallback'),
    theme: client.getObjectDetails('theme', {}),
    targeted: client.getStringDetails('targeted', 'fallback'),
    split: client.getBooleanDetails('split', false),
  };
  document.querySelector('#banner').textContent = state.details.banner.value;
  document.querySelector('#kill-switch').textContent = String(state.details['kill-switch'].value);
}

async function main() {
  await OpenFeature.setContext({ targetingKey: 'visitor-1', country: params.get('country') ?? 'NL' });
  const provider = new OFREPWebProvider({
    baseUrl: params.get('server'),
    headers: [['Authorization', `Bearer ${params.get('key')}`]],
    // Every load reads the server: the test is about what the server answers, not a cache.
    cacheMode: 'disabled',
    pollInterval: Number(params.get('pollInterval') ?? 0),
  });
  OpenFeature.getClient().addHandler(ProviderEvents.ConfigurationChanged, (details) => {
    state.changes.push(details?.flagsChanged ?? []);
    render();
  });
  try {
    await OpenFeature.setProviderAndWait(provider);
    state.status = 'ready';
  } catch (error) {
    state.status = 'error';
    state.error = String(error?.message ?? error);
  }
  render();
}

void main();
