/**
 * One synth of a CDKTF app in its own process (scenario 11), timed in phases, printed as one JSON line of
 * milliseconds: `boot` (Node's start, up to this script's first line), `imports` (cdktf, the null provider
 * and, for the constructs, @flagplane/cdktf with the contract and zod), `build` (the construct tree),
 * `wire` (constructs only: `Flagplane.wire()`, which assembles, validates and wires the whole desired
 * state; `app.synth()` would do it first thing otherwise) and `synth` (`app.synth()`: cdktf resolving
 * every element and writing `cdk.tf.json`); then `cpu`, the process's CPU time (user + system) until then.
 *
 *   node cdktf-synth.mjs flagplane OUTDIR --flags N     the constructs (lib/cdktf-flag-stack.mjs)
 *   node cdktf-synth.mjs bare OUTDIR --shape FILE       bare null_resources (lib/cdktf-bare-stack.mjs)
 */
import { readFileSync } from 'node:fs';
import { cliOptions } from '../servers/child-protocol.mjs';

const phases = { boot: performance.now() }; // performance.now() counts from the process's start
let phaseStart = phases.boot;
const endPhase = (name) => {
  const now = performance.now();
  phases[name] = now - phaseStart;
  phaseStart = now;
};

const [kind, outdir, ...rest] = process.argv.slice(2);
const options = cliOptions(rest);
if (!['flagplane', 'bare'].includes(kind) || !outdir) {
  console.error('usage: cdktf-synth.mjs flagplane|bare OUTDIR [--flags N | --shape FILE]');
  process.exit(2);
}

// Each side loads only what it uses: the baseline never loads the constructs, the contract or zod.
const { App, LocalBackend, TerraformStack } = await import('cdktf');
const { provider } = await import('@cdktf/provider-null');
const declare =
  kind === 'flagplane'
    ? (await import('../lib/cdktf-flag-stack.mjs')).declareFlagStack
    : (await import('../lib/cdktf-bare-stack.mjs')).declareBareStack;
const input = kind === 'flagplane' ? Number(options.flags) : JSON.parse(readFileSync(options.shape, 'utf8'));
endPhase('imports');

const app = new App({ outdir });
const stack = new TerraformStack(app, 'flags');
new LocalBackend(stack, { path: 'terraform.tfstate' });
if (kind === 'bare') new provider.NullProvider(stack, 'null'); // the constructs add their own
const flagplane = declare(stack, input);
endPhase('build');
if (flagplane) {
  flagplane.wire();
  endPhase('wire');
}
app.synth();
endPhase('synth');
// The process's CPU time so far, Node's start included: less disturbed by other work on the machine.
const cpu = process.cpuUsage();
console.log(JSON.stringify({ ...phases, cpu: (cpu.user + cpu.system) / 1000 }));
