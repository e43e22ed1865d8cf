/**
 * Abuse over real sockets: rate-limit bypass attempts (§13), bodies that lie about their length, and
 * slow clients (slowloris). The slow-client test needs the server's real timeouts (request timeout 30 s,
 * checked by Node every 30 s), so it runs in test:long only; npm test checks the timeouts are set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokens } from '../fixtures.js';
import { type ListeningServer, listen } from './support/listening-server.js';
import { longMode } from './support/long-mode.js';
import { openRaw, waitFor } from './support/raw-socket.js';

let server: ListeningServer;
const quota = 3;
beforeAll(async () => {
  server = await listen({ rateLimit: { max: quota, windowSeconds: 3_600 } });
});
afterAll(() => server.close());

/** The head of a POST that creates a project, with `extra` header lines. */
const head = (extra: string) =>
  `POST /api/v1/orgs/acme/projects HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tokens.member}\r\n` +
  `Content-Type: application/json\r\n${extra}\r\n`;

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);

describe('rate-limit bypass attempts (§13)', () => {
  it('counts rotating invalid tokens and forged forwarding headers as one address (no trustProxy)', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < quota + 4; attempt++) {
      const forged = `203.0.113.${attempt + 1}`;
      const response = await fetch(`${server.baseUrl}/api/v1/me`, {
        headers: {
          authorization: `Bearer fp_pat_${String(attempt).padEnd(40, 'q')}`,
          'x-forwarded-for': forged,
          forwarded: `for=${forged}`,
          'x-real-ip': forged,
          'true-client-ip': forged,
          'cf-connecting-ip': forged,
          'x-client-ip': forged,
        },
      });
      statuses.push(response.status);
      if (response.status === 429)
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      await response.arrayBuffer();
    }
    expect(statuses).toEqual([...Array(quota).fill(401), ...Array(4).fill(429)]);
    // No token at all is the same address, too.
    expect((await fetch(`${server.baseUrl}/api/v1/me`)).status).toBe(429);
    // A valid token has its own quota, whatever the address did.
    const valid = await fetch(`${server.baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(valid.status).toBe(200);
  });
});

describe('bodies that lie about their length', () => {
  it('answers a declared 1 GiB body with 413 at once, without waiting for it', async () => {
    const connection = await openRaw(server.port);
    const started = performance.now();
    await connection.write(head('Content-Length: 1073741824\r\n'));
    await waitFor(() => connection.received().includes('\r\n\r\n'), 5_000, 'an answer');
    expect(statusOf(connection.received())).toBe(413);
    expect(connection.received()).toContain('payload_too_large');
    expect(performance.now() - started).toBeLessThan(2_000);
    connection.socket.destroy();
  });

  it('answers a chunked body with 413 once it passes 1 MiB, before its end, storing nothing', async () => {
    const connection = await openRaw(server.port);
    await connection.write(head('Transfer-Encoding: chunked\r\n'));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    for (let sent = 0; sent < 2 * 1024 * 1024 && !connection.received(); sent += chunk.length) {
      await connection.write(`${chunk.length.toString(16)}\r\n`);
      await connection.write(chunk);
      await connection.write('\r\n');
    }
    await waitFor(() => connection.received().length > 0, 5_000, 'an answer');
    expect(statusOf(connection.received())).toBe(413);
    connection.socket.destroy();
    const projects = await fetch(`${server.baseUrl}/api/v1/orgs/acme/projects`, {
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(((await projects.json()) as { items: unknown[] }).items).toEqual([]);
  });
});

describe('slow clients (slowloris)', () => {
  it('sets the timeouts that end slow and silent connections', () => {
    const http = server.app.server;
    expect(http.requestTimeout).toBe(30_000); // a request must arrive whole within 30 s
    expect(http.timeout).toBe(60_000); // an idle socket is closed after 60 s
    // Not above requestTimeout: else Node never times out a body that arrives a byte at a time.
    expect(http.headersTimeout).toBe(30_000);
    expect(http.keepAliveTimeout).toBe(5_000);
  });

  it.runIf(longMode)(
    'closes connections that dribble headers, dribble a body or say nothing, within 65 s (test:long)',
    async () => {
      const [headers, body, silent] = await Promise.all([
        openRaw(server.port),
        openRaw(server.port),
        openRaw(server.port),
      ]);
      let dribbling = true;
      const dribble = async () => {
        await headers.write('GET /api/v1/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
        await body.write(head('Content-Length: 1000\r\n'));
        while (dribbling) {
          await headers.write('a');
          await body.write('a');
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      };
      const writer = dribble();
      const limit = 65_000;
      const timer = (name: string) =>
        new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`${name} still open`)), limit));
      const times = await Promise.all(
        (
          [
            ['dribbled headers', headers],
            ['dribbled body', body],
            ['silent', silent],
          ] as const
        ).map(([name, connection]) => Promise.race([connection.closed, timer(name)])),
      );
      dribbling = false;
      await writer;
      const [headersMs = 0, bodyMs = 0, silentMs = 0] = times.map((ms) => Math.round(ms / 1000));
      const answers = [headers, body, silent].map((c) => statusOf(c.received()) || 'none').join(', ');
      console.log(
        `slow clients closed after: dribbled headers ${headersMs} s, dribbled body ${bodyMs} s, silent ${silentMs} s; answers: ${answers}`,
      );
      for (const time of times) expect(time).toBeLessThan(limit);
    },
    90_000,
  );
});
