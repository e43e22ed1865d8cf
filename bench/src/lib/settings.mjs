/** How long and how often each kind of measurement runs, per mode. Scenarios read `ctx.settings`. */
export const settings = {
  quick: {
    read: { warmup: 1, duration: 1.5, rounds: 2, connections: 10 },
    writes: { duration: 3, connections: 16, sizes: [1_000, 10_000, 100_000], idleWrites: 2 },
    eventLog: { writeRounds: 2, events: 1_000_000 },
    evaluation: { calls: 100, rounds: 4, warmupCalls: 100 },
    start: { runs: 3, flags: 100_000 },
    calls: { warmupCalls: 1_000, calls: 250, rounds: 6 },
    walk: { flags: 10_000, limit: 200, sampleEvery: 100 },
    reset: { flags: 1_000, creations: 10, warmupRounds: 5, rounds: 20 },
    cliStart: { warmupRuns: 2, runs: 10 },
    apply: { flags: 500, runs: 1 },
    synth: { flags: 1_000, warmupRuns: 1, runs: 5 },
  },
  full: {
    read: { warmup: 3, duration: 4, rounds: 8, connections: 10 },
    writes: { duration: 10, connections: 16, sizes: [1_000, 10_000, 100_000], idleWrites: 5 },
    eventLog: { writeRounds: 4, events: 1_000_000 },
    evaluation: { calls: 300, rounds: 10, warmupCalls: 300 },
    start: { runs: 10, flags: 100_000 },
    calls: { warmupCalls: 3_000, calls: 1_000, rounds: 12 },
    walk: { flags: 10_000, limit: 200, sampleEvery: 100 },
    reset: { flags: 1_000, creations: 10, warmupRounds: 10, rounds: 100 },
    cliStart: { warmupRuns: 3, runs: 30 },
    apply: { flags: 500, runs: 3 },
    synth: { flags: 1_000, warmupRuns: 2, runs: 20 },
  },
};
