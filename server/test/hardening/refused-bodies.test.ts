/**
 * Bodies over 1 MiB (§3) over real sockets: the server answers 413 while the client is still sending,
 * reads the rest of the body and throws it away, so the client reads the 413 (never an EPIPE or
 * ECONNRESET) and its keep-alive connection serves the next request. Past the drain bounds (64 MiB,
 * 10 s) the connection is closed instead: a refusal never means reading without end.
 */
import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ErrorBody } from '@flagplane/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_MAX_BYTES, DRAIN_MAX_MILLISECONDS } from '../../src/plugins/unread-body-drain.js';
import { tokens } from '../fixtures.js';
import { type ListeningServer, listen } from './support/listening-server.js';
import { type RawAnswer, sendWholeBodyThenRead } from './support/raw-exchange.js';
import { openRaw, waitFor } from './support/raw-socket.js';
import { streamUpload, type UploadOutcome } from './support/streamed-upload.js';

const MiB = 1024 * 1024;
const rounds = 30;
const projectsPath = '/api/v1/orgs/acme/projects';
const jsonHeaders = { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' };
const textHeaders = { ...jsonHeaders, 'content-type': 'text/plain' };

let server: ListeningServer;
let connectionsOpened = 0;
beforeAll(async () => {
  server = await listen({ rateLimit: { max: 1_000_000, windowSeconds: 60 } });
  server.app.server.on('connection', () => connectionsOpened++);
});
afterAll(() => server.close());

/** A createProject body of exactly `bytes` bytes of JSON. */
function projectBody(bytes: number): Buffer {
  const head = '{"key":"too-big","name":"';
  return Buffer.from(`${head}${'x'.repeat(bytes - head.length - 2)}"}`);
}

/** `413 payload_too_large` for the documented answer, else what came instead (an error code, a status). */
function outcomeOf({ status, headers, body, errors }: UploadOutcome): string {
  if (errors.length > 0) return `${status || 'no answer'}, then ${errors.join(', ')}`;
  if (!String(headers['content-type']).startsWith('application/json')) return `${status} (not JSON)`;
  const parsed = ErrorBody.safeParse(JSON.parse(body));
  return parsed.success ? `${status} ${parsed.data.error}` : `${status} (not ErrorBody)`;
}

/** The 415 of a text body, then `body` as JSON, `rounds` times over `agent`: each round's outcomes. */
async function refusedRounds(agent: Agent, body: Buffer, chunked = false): Promise<string[]> {
  const outcomes: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const unsupported = await streamUpload({
      port: server.port,
      agent,
      path: projectsPath,
      headers: textHeaders,
      body: Buffer.from('{"key":"web"}'),
    });
    const tooLarge = await streamUpload({
      port: server.port,
      agent,
      path: projectsPath,
      headers: jsonHeaders,
      body,
      chunked,
    });
    outcomes.push(`${outcomeOf(unsupported)} / ${outcomeOf(tooLarge)}`);
  }
  return outcomes;
}

const everyRound = Array(rounds).fill('415 unsupported_media_type / 413 payload_too_large');

/** The request line and headers of a createProject over a raw connection. */
const rawHead = (contentType: string, framing: string) =>
  `POST ${projectsPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tokens.owner}\r\n` +
  `Content-Type: ${contentType}\r\n${framing}\r\n\r\n`;

function rawOutcomeOf({ status, body, errors }: RawAnswer): string {
  if (errors.length > 0) return `${status || 'no answer'}, then ${errors.join(', ')}`;
  if (status === 0) return 'no answer';
  const parsed = ErrorBody.safeParse(JSON.parse(body));
  return parsed.success ? `${status} ${parsed.data.error}` : `${status} (not ErrorBody)`;
}

async function expectNoProjects() {
  const answer = await fetch(`${server.baseUrl}${projectsPath}`, {
    headers: { authorization: `Bearer ${tokens.owner}` },
  });
  expect(((await answer.json()) as { items: unknown[] }).items).toEqual([]);
}

describe('bodies over 1 MiB on keep-alive connections (§3)', () => {
  it.for([
    ['2 MiB', 2 * MiB, false],
    ['20 MiB', 20 * MiB, false],
    ['2 MiB chunked', 2 * MiB, true],
  ] as const)(
    'answers a client that reads only once it has sent its whole body: 413 for %s, thirty times after a 415, on one connection',
    async ([, bytes, chunked]) => {
      const connection = await openRaw(server.port, { sendAfterServerEnd: true });
      const body = projectBody(bytes);
      const unsupported = Buffer.from('{"key":"web"}');
      const outcomes: string[] = [];
      try {
        for (let round = 0; round < rounds; round++) {
          const refusedType = await sendWholeBodyThenRead(connection, {
            head: rawHead('text/plain', `Content-Length: ${unsupported.length}`),
            body: unsupported,
          });
          const refusedSize = await sendWholeBodyThenRead(connection, {
            head: rawHead(
              'application/json',
              chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${bytes}`,
            ),
            body,
            chunked,
          });
          outcomes.push(`${rawOutcomeOf(refusedType)} / ${rawOutcomeOf(refusedSize)}`);
        }
        expect(outcomes).toEqual(everyRound);
      } finally {
        connection.socket.destroy();
      }
    },
  );

  it.for([2, 20])(
    'answers %i MiB with 413 thirty times in a row, each after a 415, all on one connection',
    async (mebibytes) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const openedBefore = connectionsOpened;
      try {
        expect(await refusedRounds(agent, projectBody(mebibytes * MiB))).toEqual(everyRound);
        expect(connectionsOpened - openedBefore).toBe(1);
      } finally {
        agent.destroy();
      }
      await expectNoProjects();
    },
  );

  it('answers chunked bodies over 1 MiB (no Content-Length) the same way', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const openedBefore = connectionsOpened;
    try {
      expect(await refusedRounds(agent, projectBody(2 * MiB), true)).toEqual(everyRound);
      expect(connectionsOpened - openedBefore).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('answers a client that asked to close the connection once its body is in, then closes', async () => {
    const agent = new Agent({ keepAlive: false });
    try {
      const outcomes: string[] = [];
      for (let round = 0; round < 5; round++) {
        const outcome = await streamUpload({
          port: server.port,
          agent,
          path: projectsPath,
          headers: jsonHeaders,
          body: projectBody(2 * MiB),
        });
        expect(outcome.headers.connection).toBe('close');
        outcomes.push(outcomeOf(outcome));
      }
      expect(outcomes).toEqual(Array(5).fill('413 payload_too_large'));
    } finally {
      agent.destroy();
    }
  });

  it.for([2, 20])(
    'answers fetch 413 for %i MiB thirty times in a row, each after a 415',
    async (mebibytes) => {
      const body = projectBody(mebibytes * MiB);
      const outcomes: string[] = [];
      for (let round = 0; round < rounds; round++) {
        const send = async (headers: Record<string, string>, sent: Buffer | string) => {
          try {
            const answer = await fetch(`${server.baseUrl}${projectsPath}`, {
              method: 'POST',
              headers,
              body: sent,
            });
            const parsed = ErrorBody.safeParse(await answer.json());
            return parsed.success
              ? `${answer.status} ${parsed.data.error}`
              : `${answer.status} (not ErrorBody)`;
          } catch (error) {
            const { cause } = error as { cause?: { code?: string } };
            return `failed: ${cause?.code ?? String(error)}`;
          }
        };
        outcomes.push(`${await send(textHeaders, '{"key":"web"}')} / ${await send(jsonHeaders, body)}`);
      }
      expect(outcomes).toEqual(everyRound);
    },
  );
});

describe('bodies past the drain bounds', () => {
  const head = (framing: string) => rawHead('application/json', framing);
  const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);

  it('answers a declared body one byte past 64 MiB with 413 and closes the connection at once', async () => {
    const connection = await openRaw(server.port);
    await connection.write(head(`Content-Length: ${DRAIN_MAX_BYTES + 1}`));
    const closedAfter = await Promise.race([connection.closed, sleep(5_000, -1)]);
    expect(statusOf(connection.received())).toBe(413);
    expect(connection.received()).toMatch(/\r\nconnection: close\r\n/i);
    expect(closedAfter).toBeGreaterThanOrEqual(0);
  });

  it('closes a chunked body once it has read 64 MiB of it after the 413', async () => {
    const connection = await openRaw(server.port);
    await connection.write(head('Transfer-Encoding: chunked'));
    const chunk = Buffer.alloc(256 * 1024, 'a');
    const framed = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from('\r\n'),
    ]);
    let written = 0;
    let closed = false;
    void connection.closed.then(() => (closed = true));
    while (!closed && connection.socket.writable && written < 2 * DRAIN_MAX_BYTES) {
      await connection.write(framed);
      written += framed.length;
    }
    await Promise.race([connection.closed, sleep(5_000)]);
    expect(statusOf(connection.received())).toBe(413);
    expect(closed).toBe(true);
    // What was written includes what the kernel's buffers held when the server closed.
    expect(written).toBeGreaterThan(DRAIN_MAX_BYTES);
    expect(written).toBeLessThan(DRAIN_MAX_BYTES + 32 * MiB);
  });

  it('closes a body still arriving 10 s after the 413', async () => {
    const connection = await openRaw(server.port);
    await connection.write(head(`Content-Length: ${2 * MiB}`));
    await waitFor(() => connection.received().includes('payload_too_large'), 5_000, 'the 413');
    const answeredAt = performance.now();
    let closedAt = 0;
    void connection.closed.then(() => (closedAt = performance.now()));
    while (closedAt === 0 && performance.now() - answeredAt < DRAIN_MAX_MILLISECONDS + 5_000) {
      await connection.write(Buffer.alloc(1024, 'a'));
      await sleep(200);
    }
    expect(statusOf(connection.received())).toBe(413);
    expect(closedAt - answeredAt).toBeGreaterThan(DRAIN_MAX_MILLISECONDS - 1_000);
    expect(closedAt - answeredAt).toBeLessThan(DRAIN_MAX_MILLISECONDS + 3_000);
  });
});
