/** How long and how often each kind of measurement runs, per mode. Scenarios read `ctx.settings`. */
export const settings = {
  quick: {
    read: { warmup: 1, duration: 1.5, rounds: 2, connections: 10 },
    writes: { duration: 3, connections: 16, sizes: [1_000, 10_000, 100_000], idleWrites: 2 },
    start: { runs: 3, flags: 100_000 },
  },
  full: {
    read: { warmup: 3, duration: 4, rounds: 8, connections: 10 },
    writes: { duration: 10, connections: 16, sizes: [1_000, 10_000, 100_000], idleWrites: 5 },
    start: { runs: 10, flags: 100_000 },
  },
};
