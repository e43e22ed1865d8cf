/**
 * How a provisioner starts `flagplane`. Terraform runs `local-exec` provisioners through `/bin/sh -c` in the
 * stack's working directory (`cdktf.out/stacks/<stack>`), so the command is written relative to that
 * directory: the synthesized JSON then holds no absolute path and is the same on every machine with the
 * same checkout. Never `npx`: it adds about 375 ms to every one of the many short provisioner runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The command that starts the CLI, and a warning for the synth output when it had to fall back. */
export interface ResolvedCliCommand {
  readonly command: string;
  readonly warning?: string;
}

export abstract class FlagplaneCli {
  /**
   * `node <path of @flagplane/cli's bin>`, the package found the way Node would find it from the stack's
   * directory (`node_modules` folders upward, symbolic links kept as they are), written relative to that
   * directory. When no such package is installed, `flagplane` on the PATH, with a warning at synth.
   */
  static fromPackage(): FlagplaneCli {
    return new PackageCli();
  }

  /** An executable on the PATH of the environment Terraform runs in. @default 'flagplane' */
  static onPath(executable = 'flagplane'): FlagplaneCli {
    return new VerbatimCli(executable);
  }

  /** A command used verbatim (a shell word list), e.g. `node tools/flagplane.js`, relative to the stack's directory. */
  static fromCommand(command: string): FlagplaneCli {
    return new VerbatimCli(command);
  }

  /** The command for a stack synthesized into `stackDirectory` (absolute). */
  abstract resolve(stackDirectory: string): ResolvedCliCommand;
}

class VerbatimCli extends FlagplaneCli {
  constructor(private readonly command: string) {
    super();
  }
  resolve(): ResolvedCliCommand {
    return { command: this.command };
  }
}

class PackageCli extends FlagplaneCli {
  resolve(stackDirectory: string): ResolvedCliCommand {
    const bin = findCliBin(stackDirectory);
    if (!bin) {
      return {
        command: 'flagplane',
        warning:
          '@flagplane/cli is not installed in a node_modules folder above the stack directory: provisioners will run `flagplane` from the PATH',
      };
    }
    const relative = path.relative(stackDirectory, bin).split(path.sep).join('/');
    return { command: `node ${shellQuote(relative)}` };
  }
}

function findCliBin(from: string): string | undefined {
  for (let directory = from; ; directory = path.dirname(directory)) {
    const packageDirectory = path.join(directory, 'node_modules', '@flagplane', 'cli');
    const manifest = path.join(packageDirectory, 'package.json');
    if (existsSync(manifest)) {
      const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: string | Record<string, string> };
      const entry = typeof bin === 'string' ? bin : bin?.flagplane;
      if (entry) return path.join(packageDirectory, entry);
    }
    if (path.dirname(directory) === directory) return undefined;
  }
}

/** Single-quoted for `/bin/sh`, unless the word needs no quoting at all. */
export function shellQuote(word: string): string {
  return /^[\w./@:+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
