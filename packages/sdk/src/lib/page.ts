/**
 * Cursor pagination (§6). `await client.flags.list(…)` gives the first `Page`; `for await (const flag of
 * client.flags.list(…))` walks every item of every page, fetching the next page only when the current
 * one is used up, so one page is in memory at a time; `.pages()` walks whole pages.
 */
import type { Action } from '@flagplane/contract';
import { ApiPromise, type ApiResponse } from './api-promise.js';
import { FlagplaneError } from './errors.js';
import { throwIfAborted } from './user-abort.js';

/** Fetches one page: the first with no cursor, the others with the previous page's `next_cursor`. */
export type FetchPage<Item> = (cursor: string | undefined) => Promise<ApiResponse<Page<Item>>>;

export class Page<Item> implements AsyncIterable<Item> {
  readonly items: readonly Item[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
  /** What the caller may do with the list (`create`), as the envelope's `_actions` says. */
  readonly actions: Readonly<Record<string, Action>>;
  readonly #fetchPage: FetchPage<Item>;
  readonly #signal: AbortSignal | undefined;

  constructor(
    envelope: {
      readonly items: readonly Item[];
      readonly next_cursor: string | null;
      readonly _actions: Readonly<Record<string, Action>>;
    },
    fetchPage: FetchPage<Item>,
    /** The call's signal: an abort also stops a walk between two items of one page. */
    signal?: AbortSignal,
  ) {
    this.items = envelope.items;
    this.nextCursor = envelope.next_cursor;
    this.actions = envelope._actions;
    this.#fetchPage = fetchPage;
    this.#signal = signal;
  }

  hasNextPage(): boolean {
    return this.nextCursor !== null;
  }

  async getNextPage(): Promise<Page<Item>> {
    if (this.nextCursor === null) {
      throw new FlagplaneError('This is the last page: check hasNextPage() before getNextPage().');
    }
    return (await this.#fetchPage(this.nextCursor)).data;
  }

  /** This page and every page after it. */
  pages(): AsyncGenerator<Page<Item>, void, undefined> {
    return pagesFrom(this);
  }

  /** The items of this page and of every page after it. */
  [Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    return itemsOf(this.pages(), this.#signal);
  }
}

/**
 * A list call: lazy, so that a walk that never awaits the promise itself holds no page but the current
 * one. The first request goes out on the first `await`, `withResponse()`, `pages()` or iteration.
 */
export class PagePromise<Item> extends ApiPromise<Page<Item>> implements AsyncIterable<Item> {
  readonly #fetchPage: FetchPage<Item>;
  readonly #signal: AbortSignal | undefined;

  constructor(fetchPage: FetchPage<Item>, signal?: AbortSignal) {
    super(() => fetchPage(undefined), { lazy: true });
    this.#fetchPage = fetchPage;
    this.#signal = signal;
  }

  /** Every page, from the first. */
  async *pages(): AsyncGenerator<Page<Item>, void, undefined> {
    yield* pagesFrom(this.started ? await this : (await this.#fetchPage(undefined)).data);
  }

  /** Every item of every page. */
  [Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    return itemsOf(this.pages(), this.#signal);
  }
}

/** Holds only the current page: each one is dropped as soon as the next arrives. */
async function* pagesFrom<Item>(page: Page<Item>): AsyncGenerator<Page<Item>, void, undefined> {
  yield page;
  while (page.hasNextPage()) {
    page = await page.getNextPage();
    yield page;
  }
}

async function* itemsOf<Item>(
  pages: AsyncIterable<Page<Item>>,
  signal: AbortSignal | undefined,
): AsyncGenerator<Item, void, undefined> {
  for await (const page of pages) {
    for (const item of page.items) {
      throwIfAborted(signal);
      yield item;
    }
  }
}
