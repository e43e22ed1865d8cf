/**
 * Scenario 13b: `terraform plan` with no change on 500 flags × 3 environments (the native provider, §25),
 * against `flagplane plan` on the same declaration in YAML, both against one real server in its own
 * process that counts the requests it receives.
 */
import { join } from 'node:path';
import { startServer } from '../lib/child-server.mjs';
import { TOKEN } from '../lib/data-file.mjs';
import { writeDesiredState } from '../lib/desired-state.mjs';
import { fmt, ms, range, ratio } from '../lib/format.mjs';
import { runCli } from '../lib/run-cli.mjs';
import { summarize } from '../lib/stats.mjs';
import { benchConfiguration, floorWorkspace, terraformWorkspace } from '../lib/terraform-workspace.mjs';

const CLI_PROJECT = 'web';
const TERRAFORM_PROJECT = 'hcl';

const requestsIn = (after, before) =>
  Object.entries(after).reduce((sum, [method, n]) => sum + n - (before[method] ?? 0), 0);
const writesIn = (after, before) =>
  Object.entries(after)
    .filter(([method]) => method !== 'GET' && method !== 'HEAD')
    .reduce((sum, [method, n]) => sum + n - (before[method] ?? 0), 0);

/** Runs `work` and returns its result with the requests (and writes) the server received meanwhile. */
async function counted(server, work) {
  const before = (await server.stats()).requests;
  const result = await work();
  const after = (await server.stats()).requests;
  return { ...result, requests: requestsIn(after, before), writes: writesIn(after, before) };
}

export const terraformPlan = {
  id: 'terraform-plan',
  title: 'terraform plan with no change on 500 flags × 3 environments',
  measures:
    '`terraform plan -detailed-exitcode` (Terraform 1.11 on this machine, the built provider installed ' +
    'with its own `install` into a filesystem mirror) of a configuration with project `hcl`, its 3 ' +
    'environments, 500 Boolean flags and 1,500 `flagplane_flag_environment` (2,004 resources), everything ' +
    'already in state and unchanged on the server. Baseline: `flagplane plan -f flags.yaml` of the same ' +
    'declaration in YAML (project `web`, the same 500 flags and enabled environments), on the same server ' +
    '(its own process, memory store, counting requests), runs interleaved. Targets: at most one request ' +
    'per resource, and the plan at most 3× the CLI’s time.',
  async run(ctx) {
    const { flags, runs } = ctx.settings.terraform;
    const yamlFile = ctx.work.file('flags.yaml');
    await writeDesiredState(yamlFile, flags, CLI_PROJECT);
    const seedFile = ctx.work.file('terraform-seed.yaml');
    await writeDesiredState(seedFile, flags, TERRAFORM_PROJECT);
    const server = await startServer('flagplane-server', {
      data: ':memory:',
      identities: ctx.identityFile,
      'count-requests': 1,
    });
    try {
      const env = { ...process.env, FLAGPLANE_BASE_URL: server.url, FLAGPLANE_TOKEN: TOKEN };
      // Both projects made the fast way; Terraform then adopts its own with import blocks.
      await runCli(['apply', '-f', yamlFile, '--yes'], { env });
      await runCli(['apply', '-f', seedFile, '--yes'], { env });
      const workspace = await terraformWorkspace(join(ctx.work.path, 'terraform'), server.url);
      const adopting = benchConfiguration(flags, TERRAFORM_PROJECT, { imports: true });
      await workspace.write(adopting.text);
      await workspace.terraform(['init', '-input=false', '-no-color']);
      const adopted = await counted(server, () =>
        workspace.terraform(['apply', '-auto-approve', '-input=false', '-no-color']),
      );
      ctx.log(
        `  adopted ${fmt(adopting.resources)} resources with import blocks: ${Math.round(adopted.ms)} ms, ${fmt(adopted.requests)} requests (${fmt(adopted.writes)} writes)`,
      );
      await workspace.write(benchConfiguration(flags, TERRAFORM_PROJECT, { imports: false }).text);
      const floor = await floorWorkspace(join(ctx.work.path, 'terraform'), flags);
      await floor.terraform(['init', '-input=false', '-no-color']);

      const plans = [];
      const cliPlans = [];
      const floorPlans = [];
      for (let i = 0; i < runs; i++) {
        floorPlans.push(
          await floor.terraform(['plan', '-detailed-exitcode', '-input=false', '-no-color'], [0, 2]),
        );
        const plan = await counted(server, () =>
          workspace.terraform(['plan', '-detailed-exitcode', '-input=false', '-no-color'], [0, 2]),
        );
        const cli = await counted(server, () => runCli(['plan', '-f', yamlFile], { env, okCodes: [0, 2] }));
        plans.push(plan);
        cliPlans.push(cli);
        ctx.log(
          `  run ${i + 1}/${runs}: terraform plan ${Math.round(plan.ms)} ms (${fmt(plan.requests)} requests, exit ${plan.code}), flagplane plan ${Math.round(cli.ms)} ms (${fmt(cli.requests)} requests, exit ${cli.code}), Terraform's floor ${Math.round(floorPlans.at(-1).ms)} ms (exit ${floorPlans.at(-1).code})`,
        );
      }
      const planTime = summarize(plans.map((p) => p.ms));
      const cliTime = summarize(cliPlans.map((p) => p.ms));
      const floorTime = summarize(floorPlans.map((p) => p.ms));
      const timeRatio = planTime.median / cliTime.median;
      const floorRatio = floorTime.median / cliTime.median;
      const overFloor = planTime.median / floorTime.median;
      const floorUnchanged = floorPlans.every((p) => p.code === 0);
      const perResource = Math.max(...plans.map((p) => p.requests)) / adopting.resources;
      const unchanged = plans.every((p) => p.code === 0 && p.writes === 0);
      const cliUnchanged = cliPlans.every((p) => p.code === 0 && p.writes === 0);
      return {
        title: this.title,
        measures: this.measures,
        targets: [
          {
            label: 'terraform plan requests per resource',
            value: `${ratio(perResource)} (${fmt(plans.at(-1).requests)} for ${fmt(adopting.resources)})`,
            target: '≤ 1',
            pass: perResource <= 1 && unchanged,
          },
          {
            label: 'terraform plan ÷ flagplane plan (time)',
            value: `${ratio(timeRatio)} (Terraform's own floor: ${ratio(floorRatio)})`,
            target: '≤ 3×',
            pass: timeRatio <= 3,
          },
        ],
        tables: [
          {
            columns: ['measure', 'terraform plan', 'flagplane plan (baseline)', 'ratio', 'target', 'result'],
            rows: [
              [
                'time, spawn to exit (median (min–max))',
                range(planTime, ms),
                range(cliTime, ms),
                ratio(timeRatio),
                '≤ 3×',
                timeRatio <= 3 ? 'PASS' : 'FAIL',
              ],
              [
                'Terraform’s floor: the same graph of terraform_data (built-in provider), time',
                range(floorTime, ms),
                range(cliTime, ms),
                ratio(floorRatio),
                'report only',
                floorUnchanged ? '—' : 'FLOOR CHANGED',
              ],
              [
                'terraform plan ÷ Terraform’s floor (what the provider adds)',
                ratio(overFloor),
                '',
                '',
                'report only',
                '—',
              ],
              [
                'requests (server-counted, last run)',
                fmt(plans.at(-1).requests),
                fmt(cliPlans.at(-1).requests),
                ratio(plans.at(-1).requests / cliPlans.at(-1).requests),
                '',
                '',
              ],
              [
                'requests per declared resource',
                ratio(perResource),
                ratio(cliPlans.at(-1).requests / adopting.resources),
                '',
                '≤ 1',
                perResource <= 1 ? 'PASS' : 'FAIL',
              ],
              [
                'no change found, no write',
                unchanged ? 'yes' : 'NO',
                cliUnchanged ? 'yes' : 'NO',
                '',
                'yes',
                unchanged ? 'PASS' : 'FAIL',
              ],
            ],
          },
        ],
        notes: [
          `${runs} interleaved run(s) of each. Before them, one \`terraform apply\` with ${fmt(adopting.resources)} \`import {}\` blocks adopted the project the CLI had created: ${ms(adopted.ms)}, ${fmt(adopted.requests)} requests, ${fmt(adopted.writes)} of them writes (each flag’s \`managedBy\` becomes Terraform’s).`,
          'Terraform’s own walk is part of the time: it starts the provider three times per plan (schema, validation, plan) and makes five calls per resource (validate twice, upgrade, read, plan). Its floor is the same resource graph (every configuration referring to its flag and environment) as `terraform_data`, which runs inside Terraform: no plugin, no gRPC, no server. Its state is written in Terraform’s state format (applying 2,000 of them takes minutes) and its plan must find no change.',
          'Reads are batched: after ten different flags of a project, the provider reads the whole project in pages of 200 (`GET …/flags?view=full`, each flag with its variations and every configuration) and answers the rest from them.',
        ],
      };
    } finally {
      await server.stop();
    }
  },
};
