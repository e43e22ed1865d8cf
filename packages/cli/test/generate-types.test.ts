/**
 * `flagplane generate types`: the module it writes compiles, and makes a mistyped key or a default of the
 * wrong type a compile error (checked with the TypeScript compiler on a program using it).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';
import { sampleState } from './support/sample-state.js';

let directory: string;
let file: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'flagplane-types-'));
  file = path.join(directory, 'flags.json');
  const state = sampleState();
  state.projects[0]?.flags?.push(
    { key: 'max-items', type: 'Number', variations: [{ key: 'ten', value: '10' }] },
    {
      key: 'theme',
      type: 'Json',
      description: 'Colours */ and such',
      variations: [{ key: 'dark', value: '{"bg":"#000"}' }],
    },
  );
  await writeFile(file, JSON.stringify(state, null, 2));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

function diagnostics(files: Record<string, string>): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => files[path.basename(name)] ?? read(name);
  host.fileExists = (name) => path.basename(name) in files || ts.sys.fileExists(name);
  const program = ts.createProgram([path.join(directory, 'usage.ts')], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('flagplane generate types', () => {
  it('writes the keys and value types, which make wrong keys and defaults compile errors', async () => {
    const output = path.join(directory, 'src', 'flags.ts');
    const run = await runCli(['generate', 'types', '-f', file, '-o', output]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('wrote the types of 4 flag(s)');
    const module = await readFile(output, 'utf8');
    expect(module).toContain('"new-checkout": boolean;');
    expect(module).toContain('"banner-text": string;');
    expect(module).toContain('"max-items": number;');
    expect(module).toContain('"theme": JsonValue;');
    expect(module).toContain('/** String flag: The banner on the home page ("Hello", "Welcome back") */');
    expect(module).not.toMatch(/Colours \*\/ and/); // a description cannot end the comment
    expect(module).toContain('"theme": "Json",');
    const usage = [
      "import { type FlagValues, flagKeys, flagTypes } from './flags.js';",
      'declare function value<K extends keyof FlagValues>(key: K, fallback: FlagValues[K]): Promise<FlagValues[K]>;',
      "export const enabled: Promise<boolean> = value('new-checkout', false);",
      "export const items: Promise<number> = value('max-items', 0);",
      "export const theme = value('theme', { bg: '#fff' });",
      'export const keys: readonly string[] = flagKeys;',
      "export const themeIsJson: boolean = flagTypes.theme === 'Json';",
      '// @ts-expect-error: no such flag',
      "value('new-chekout', false);",
      '// @ts-expect-error: a Boolean flag with a string default',
      "value('new-checkout', 'yes');",
    ].join('\n');
    expect(diagnostics({ 'flags.ts': module, 'usage.ts': usage })).toEqual([]);
    // The same program without the expectations: both lines are errors.
    const wrong = usage.replace(/\/\/ @ts-expect-error.*\n/g, '');
    expect(diagnostics({ 'flags.ts': module, 'usage.ts': wrong })).toHaveLength(2);
  });

  it('writes to stdout without -o, and asks which project of several', async () => {
    const run = await runCli(['generate', 'types', '-f', file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('export interface FlagValues {');
    const two = sampleState();
    two.projects.push({ key: 'app', environments: [{ key: 'production' }] });
    await writeFile(file, JSON.stringify(two));
    const ambiguous = await runCli(['generate', 'types', '-f', file]);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toContain(
      'the document declares 2 projects (web, app): name one with --project',
    );
    expect((await runCli(['generate', 'types', '-f', file, '--project', 'app'])).stdout).toContain(
      'export const flagKeys: readonly FlagKey[] = [];',
    );
  });
});
