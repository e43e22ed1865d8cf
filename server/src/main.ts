#!/usr/bin/env node
/**
 * `flagplane-server`'s entry point: Node's compile cache on first (restarts, and the many short runs of
 * tests and orchestrators, reuse the compiled modules instead of compiling Fastify, zod and the server
 * again: about a sixth of a start), then the command line (run-command.ts), loaded after it so that its
 * modules are cached too.
 */
import module from 'node:module';

module.enableCompileCache?.();
await import('./run-command.js');
