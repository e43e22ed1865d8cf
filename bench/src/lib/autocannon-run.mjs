/**
 * One load run with autocannon's programmatic API, reduced to the figures the tables use. Every answer
 * that is not 2xx, every socket error and every timeout is counted: a run with any is flagged, not hidden.
 */
import autocannon from 'autocannon';

/**
 * @param {object} options
 * @param {string} options.url base URL of the server
 * @param {number} options.duration seconds
 * @param {number} options.connections
 * @param {object[]} [options.requests] autocannon request specs (path, method, body, setupRequest …)
 * @param {Record<string,string>} [options.headers]
 * @param {string} [options.method] default GET
 * @param {string} [options.body] the same body on every request (a POST that reads, such as OFREP's)
 * @param {'2xx'|'3xx'} [options.success] the answers that count (a conditional GET's 304s: '3xx')
 */
export async function runLoad({
  url,
  duration,
  connections,
  requests,
  headers = {},
  method,
  body,
  timeout = 30,
  success = '2xx',
}) {
  const instance = autocannon({
    url,
    duration,
    connections,
    pipelining: 1,
    timeout,
    headers,
    requests,
    ...(method ? { method } : {}),
    ...(body === undefined ? {} : { body }),
  });
  // autocannon keeps a progress bar off when nothing tracks it; only the result matters here.
  const result = await instance;
  const seconds = result.duration;
  const ok = result[success];
  // Answers of any other class than the expected one (autocannon's non2xx when 2xx are expected).
  const unexpected = ['1xx', '2xx', '3xx', '4xx', '5xx']
    .filter((statusClass) => statusClass !== success)
    .reduce((sum, statusClass) => sum + (result[statusClass] ?? 0), 0);
  return {
    seconds,
    ok,
    requestsPerSecond: ok / seconds,
    // autocannon's histogram holds whole milliseconds: meaningful for writes, not for sub-ms reads.
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    bytesPerSecond: result.throughput.average,
    non2xx: unexpected,
    errors: result.errors,
    timeouts: result.timeouts,
    clean: unexpected === 0 && result.errors === 0 && result.timeouts === 0,
  };
}

/** A short line naming what went wrong in a run, or '' when it was clean. */
export function problems(run) {
  if (run.clean) return '';
  const parts = [];
  if (run.non2xx) parts.push(`${run.non2xx} unexpected statuses`);
  if (run.errors) parts.push(`${run.errors} errors`);
  if (run.timeouts) parts.push(`${run.timeouts} timeouts`);
  return parts.join(', ');
}
