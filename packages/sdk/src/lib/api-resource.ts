/** The base of every generated resource class: each method is one line handing off to the core. */
import type { ClientCore } from './client-core.js';

export abstract class ApiResource {
  protected readonly core: ClientCore;

  constructor(core: ClientCore) {
    this.core = core;
  }
}
