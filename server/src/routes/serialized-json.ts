/**
 * A success body already serialized. A representation whose parts never change (events, §19) hands
 * over their cached JSON text instead of objects that the framework would stringify again on every
 * request. `T` is the shape the text holds, so the handler still promises its operation's result.
 */
export class SerializedJson<T> {
  /** Phantom: the type of what `text` holds. */
  declare readonly shape?: T;

  constructor(readonly text: string) {}

  /** The body as data (for response validation in tests); never on the serving path. */
  value(): T {
    return JSON.parse(this.text) as T;
  }
}
