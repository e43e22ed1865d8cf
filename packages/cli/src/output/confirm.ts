/** Asks on the terminal before destructive changes; never waits on a stdin that nobody types into. */
import { createInterface } from 'node:readline/promises';

export class ConfirmationRefused extends Error {
  override readonly name = 'ConfirmationRefused';
}

export async function confirmDestructive(
  count: number,
  input = process.stdin,
  output = process.stderr,
): Promise<void> {
  if (!input.isTTY) {
    throw new ConfirmationRefused(
      `the plan deletes, archives or revokes ${count} resource${count === 1 ? '' : 's'}; stdin is not a terminal, so there is nobody to ask: pass --yes to go ahead`,
    );
  }
  const readline = createInterface({ input, output });
  try {
    const answer = await readline.question(
      `The plan deletes, archives or revokes ${count} resource${count === 1 ? '' : 's'}. Type "yes" to go ahead: `,
    );
    if (answer.trim().toLowerCase() !== 'yes')
      throw new ConfirmationRefused('not confirmed; nothing was changed');
  } finally {
    readline.close();
  }
}
