/**
 * The `flagplane` binary. Loads only commander and the program's definition; each command loads what it
 * needs when it runs (see program.ts). Node's compile cache keeps the compiled commands between runs, so
 * the many short runs of Terraform provisioners do not each parse the SDK and zod from scratch.
 */
import module from 'node:module';

module.enableCompileCache?.();
const { main } = await import('./program.js');
await main(process.argv);
