/**
 * Setup file: after each test, Terraform checks every stack the test synthesized (`synth-support.ts`
 * queues them); a stack Terraform refuses fails that test.
 */
import { checkQueuedStacks } from '@flagplane/test-support/terraform';
import { afterEach } from 'vitest';

afterEach(checkQueuedStacks);
