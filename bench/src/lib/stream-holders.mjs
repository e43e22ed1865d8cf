/**
 * Many open change streams (§24), held by the bench process as applications would hold them: one
 * connection each (no shared agent), each told its own events. A stream records, per event id, when the
 * event arrived, so a scenario can ask how long after a write every stream heard of it.
 *
 * The streams are plain `node:http` requests with a minimal reader of the server's event format (`id:`
 * and `data:` lines, a blank line ending an event): the bench measures the server, and a full client per
 * stream would make the bench process the bottleneck.
 */
import http from 'node:http';

/** One open stream: the id of the last event heard and when each id arrived (performance.now()). */
class HeldStream {
  lastId = null;
  /** When each id last arrived. @type {Map<string, number>} */
  arrivals = new Map();
  /** Called with each event's id as it arrives, as an application would act on it. */
  onEvent = null;
  #buffer = '';
  #request;

  constructor(request) {
    this.#request = request;
  }

  /** Feeds received text; records every complete event. */
  read(text) {
    const at = performance.now();
    this.#buffer += text;
    let end = this.#buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      const id = /^id: (.+)$/m.exec(block)?.[1];
      if (id !== undefined) {
        this.lastId = id;
        // Ids are versions of the environment's content: toggling back brings an earlier id back.
        this.arrivals.set(id, at);
        this.onEvent?.(id);
      }
      end = this.#buffer.indexOf('\n\n');
    }
  }

  close() {
    this.#request.destroy();
  }
}

/** Opens one stream and resolves once the server has answered 200 with an event stream. */
function openOne(baseUrl, key) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/v1/sdk/stream`, { agent: false, headers: { 'x-api-key': key } });
    request.once('error', reject);
    request.once('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`opening a stream answered ${response.statusCode}`));
        return;
      }
      const stream = new HeldStream(request);
      response.setEncoding('utf8');
      response.on('data', (text) => stream.read(text));
      // An error after the answer is the stream ending (a close of ours included): the scenario sees it
      // as an event that never arrives.
      request.off('error', reject);
      request.on('error', () => {});
      resolve(stream);
    });
  });
}

/**
 * Opens `count` streams on `baseUrl` with `key`, `batch` at a time (a burst of thousands of connections at
 * once would measure the listen backlog, not the streams), and waits until each has heard its first event.
 */
export async function holdStreams({ baseUrl, key, count, batch = 100 }) {
  const streams = [];
  try {
    for (let opened = 0; opened < count; opened += batch) {
      const size = Math.min(batch, count - opened);
      streams.push(...(await Promise.all(Array.from({ length: size }, () => openOne(baseUrl, key)))));
    }
    await until(
      () => streams.every((stream) => stream.lastId !== null),
      30_000,
      'every stream’s first event',
    );
  } catch (error) {
    for (const stream of streams) stream.close();
    throw error;
  }
  return streams;
}

/**
 * When (performance.now()) each stream heard an event other than `previousIds[i]`; waits at most
 * `timeoutMs` and fails naming how many never heard one.
 */
export async function arrivalsAfter(streams, previousIds, timeoutMs = 10_000) {
  const heard = (stream, index) => stream.lastId !== previousIds[index];
  await until(
    () => streams.every(heard),
    timeoutMs,
    'every stream hearing the change',
    () => {
      const missing = streams.filter((stream, index) => !heard(stream, index)).length;
      return `${missing} of ${streams.length} streams heard nothing`;
    },
  );
  return streams.map((stream) => stream.arrivals.get(stream.lastId));
}

async function until(condition, timeoutMs, what, detail = () => '') {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms. ${detail()}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
