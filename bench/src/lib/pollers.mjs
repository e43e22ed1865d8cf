/**
 * Polling applications, for scale beside the change streams (§24): each asks `GET /api/v1/sdk/flags`
 * with its ETag every `intervalMs`, starting at a random phase as a fleet of processes would, and
 * records when it first saw a new ETag.
 */
export function startPollers({ baseUrl, key, count, intervalMs }) {
  const pollers = Array.from({ length: count }, () => ({ etag: null, changedAt: null, timer: null }));
  const poll = async (poller) => {
    const response = await fetch(`${baseUrl}/api/v1/sdk/flags`, {
      headers: { authorization: `Bearer ${key}`, ...(poller.etag ? { 'if-none-match': poller.etag } : {}) },
    });
    await response.arrayBuffer();
    if (response.status === 200) {
      if (poller.etag !== null) poller.changedAt ??= performance.now();
      poller.etag = response.headers.get('etag');
    } else if (response.status !== 304) {
      throw new Error(`a poll answered ${response.status}`);
    }
  };
  let failure = null;
  const schedule = (poller, delay) => {
    poller.timer = setTimeout(() => {
      poll(poller)
        .catch((error) => {
          failure ??= error;
        })
        .finally(() => schedule(poller, intervalMs));
    }, delay);
  };
  return {
    /** Waits for every poller's first answer, then starts their intervals at random phases. */
    async start() {
      await Promise.all(pollers.map(poll));
      for (const poller of pollers) schedule(poller, Math.random() * intervalMs);
    },
    /** Milliseconds from `since` until each poller saw the change (waits up to two intervals). */
    async timesToSee(since) {
      const deadline = performance.now() + 2 * intervalMs + 5_000;
      while (pollers.some((poller) => poller.changedAt === null)) {
        if (failure) throw failure;
        if (performance.now() > deadline) throw new Error('a poller never saw the change');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return pollers.map((poller) => poller.changedAt - since);
    },
    stop() {
      for (const poller of pollers) clearTimeout(poller.timer);
    },
  };
}
