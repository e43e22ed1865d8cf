/**
 * Driving a console tab with the keyboard alone: what has the focus (its id, its accessible name, the
 * group it is in, whether its focus ring shows), and Tab until a named element has it.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Focused {
  readonly id: string;
  /** aria-label, else its label's text, else its own text; spaces collapsed. */
  readonly name: string;
  /** The legend of the fieldset it is in ("Variation 2"), or "". */
  readonly group: string;
  /** It matches :focus-visible and draws an outline: a keyboard user sees where they are. */
  readonly ringShown: boolean;
}

export function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const text = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
    if (!element) return { id: '', name: '', group: '', ringShown: false };
    const labels = (element as HTMLInputElement).labels;
    const style = getComputedStyle(element);
    return {
      id: element.id,
      name: text(element.getAttribute('aria-label') ?? labels?.[0]?.textContent ?? element.textContent),
      group: text(element.closest('fieldset')?.querySelector('legend')?.textContent),
      ringShown:
        element.matches(':focus-visible') && style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
    };
  });
}

/** "Variation 2 › Key" for an input named Key in the fieldset "Variation 2"; the name alone otherwise. */
const describe = (element: Focused) => (element.group ? `${element.group} › ${element.name}` : element.name);

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focus is on `target` (an id, an accessible name, or
 * "group › name"), at most `maxPresses` times: 1 says it is the very next stop. Fails when it never gets
 * there, naming the stops it passed, or when the focus ring does not show there.
 */
export async function tabTo(
  page: Page,
  target: string,
  { maxPresses = 1, backwards = false }: { maxPresses?: number; backwards?: boolean } = {},
): Promise<Focused> {
  const passed: string[] = [];
  for (let presses = 0; presses < maxPresses; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (now.id === target || now.name === target || describe(now) === target) {
      expect(now.ringShown, `the focus ring on ${target}`).toBe(true);
      return now;
    }
    passed.push(describe(now) || now.id);
  }
  throw new Error(`Tab did not reach "${target}" in ${maxPresses} presses; it passed: ${passed.join(' | ')}`);
}

/** The focus is on `target` now (an id, an accessible name, or "group › name"). */
export async function expectFocusOn(page: Page, target: string): Promise<void> {
  await expect
    .poll(async () => {
      const now = await focused(page);
      return now.id === target || now.name === target || describe(now) === target ? target : describe(now);
    })
    .toBe(target);
}
