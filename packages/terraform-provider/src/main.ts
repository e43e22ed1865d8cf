/**
 * `terraform-provider-flagplane`: the Flagplane provider for Terraform. Started by Terraform, it serves
 * the plugin protocol; started by hand with `install`, it installs itself where Terraform finds it.
 */
import { runInstall } from './install/install-command.js';
import { createLog } from './log.js';
import { servePlugin } from './plugin/serve.js';
import { providerServiceHandlers } from './protocol/provider-service.js';
import { dataSourceTypes, resourceTypes } from './provider/catalog.js';
import { FlagplaneProvider } from './provider/provider.js';

const [command, ...rest] = process.argv.slice(2);

if (command === 'install') {
  process.exitCode = await runInstall(rest);
} else {
  const log = createLog();
  const provider = new FlagplaneProvider(log, resourceTypes, dataSourceTypes);
  await servePlugin({ providerHandlers: providerServiceHandlers(provider), log });
}
