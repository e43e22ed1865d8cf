/**
 * The code blocks of the repository's READMEs, as a reader would paste them. A ```ts block is a program
 * of its own unless its fence says otherwise:
 *
 * - ```ts continued: goes on from the blocks above it, back to the last one that is not `continued`, as
 *   if a reader pasted them into one file in order (imports first; every declaration in one scope);
 * - ```ts types-only: type-checked, never run (it needs what a test cannot give it: a port, a disk path);
 *
 * A block that imports `vitest` (or the mock's vitest helper) is a test file, run by vitest. ```yaml and
 * ```json blocks holding a desired state (a top-level `projects`) are checked by the contract's validator.
 *
 * Shell blocks that talk to the server of `npm start` say so: ```sh fresh-server. A README's such blocks
 * run in order, in one shell, against a server on its first start (organization `default`, the token it
 * printed), as a newcomer pastes them into a terminal; a block fenced `file=<name>` (```yaml
 * file=flags.yaml) is the file of that name the shell blocks use, saved beside them first.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export type SnippetMode = 'run' | 'test' | 'types-only';

export interface Snippet {
  /** `packages/sdk/README.md:42`: where the block starts. */
  readonly where: string;
  readonly readme: string;
  readonly language: 'ts' | 'yaml' | 'json' | 'sh';
  readonly mode: SnippetMode;
  /** The program as checked: with the blocks it continues, imports first. */
  readonly program: string;
  /** `file=<name>`: the shell blocks of the README read this block as the file `<name>`. */
  readonly file?: string;
}

interface Block {
  readonly line: number;
  readonly language: string;
  readonly flags: readonly string[];
  readonly code: string;
}

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const fence = /^```(\w+)\s*(.*)$/.exec(lines[index] ?? '');
    if (!fence) continue;
    const start = index;
    const body: string[] = [];
    for (index++; index < lines.length && lines[index] !== '```'; index++) body.push(lines[index] ?? '');
    blocks.push({
      line: start + 1,
      language: fence[1] ?? '',
      flags: (fence[2] ?? '').split(/\s+/).filter(Boolean),
      code: body.join('\n'),
    });
  }
  return blocks;
}

const importLine = /^import\s[\s\S]*?from\s+['"][^'"]+['"];?$|^import\s+['"][^'"]+['"];?$/gm;

/** Imports first (deduplicated), then the bodies in order. */
function compose(base: string, continuations: readonly string[]): string {
  const imports = new Set<string>();
  const bodyOf = (code: string) =>
    code
      .replace(importLine, (statement) => {
        imports.add(statement.trim());
        return '';
      })
      .trim();
  const bodies = [base, ...continuations].map(bodyOf); // collects the imports: before they are listed
  return [...imports, '', ...bodies, ''].join('\n');
}

export function snippetsOf(repository: string, readme: string): Snippet[] {
  const text = readFileSync(path.join(repository, readme), 'utf8');
  const snippets: Snippet[] = [];
  let chain: string[] = [];
  for (const block of blocksOf(text)) {
    const where = `${readme}:${block.line}`;
    if (block.language === 'ts' || block.language === 'typescript') {
      const continued = block.flags.includes('continued');
      if (continued && chain.length === 0)
        throw new Error(`${where}: "continued", but nothing comes before it`);
      chain = continued ? [...chain, block.code] : [block.code];
      const [base = '', ...continuations] = chain;
      const program = compose(base, continuations);
      const isTest = /from ['"](vitest|@flagplane\/mock\/vitest)['"]/.test(program);
      const mode: SnippetMode = block.flags.includes('types-only') ? 'types-only' : isTest ? 'test' : 'run';
      snippets.push({ where, readme, language: 'ts', mode, program });
    } else if (
      (block.language === 'yaml' || block.language === 'json') &&
      /^projects:|"projects"\s*:/m.test(block.code)
    ) {
      const file = block.flags.find((flag) => flag.startsWith('file='))?.slice('file='.length);
      snippets.push({
        where,
        readme,
        language: block.language,
        mode: 'run',
        program: block.code,
        ...(file ? { file } : {}),
      });
    } else if (block.language === 'sh' && block.flags.includes('fresh-server')) {
      snippets.push({ where, readme, language: 'sh', mode: 'run', program: block.code });
    }
  }
  return snippets;
}
