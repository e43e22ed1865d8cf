#!/usr/bin/env node
/**
 * Reads a V8 .cpuprofile (from `node --cpu-prof`, or FLAGPLANE_BENCH_PROFILE_DIR) and prints where the
 * time went: self time by function, self time by file or package, and inclusive time by function.
 *
 *   node src/tools/profile-summary.mjs PROFILE_OR_DIR [rows]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const [target, rowsArg = '30'] = process.argv.slice(2);
if (!target) {
  console.error('usage: profile-summary.mjs PROFILE_OR_DIR [rows]');
  process.exit(2);
}
const rows = Number(rowsArg);
const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((name) => name.endsWith('.cpuprofile'))
      .map((name) => join(target, name))
  : [target];

const short = (url) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\//, '')
    .replace(/.*\/(server|packages|bench)\//, '$1/');
const label = (frame) => `${frame.functionName || '(anonymous)'} ${short(frame.url)}:${frame.lineNumber + 1}`;
const fileOf = (frame) => {
  if (!frame.url) return `(${frame.functionName || 'native'})`;
  const path = short(frame.url);
  return frame.url.includes('/node_modules/')
    ? path
        .split('/')
        .slice(0, path.startsWith('@') ? 2 : 1)
        .join('/')
    : path;
};

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const sampled = new Map();
  profile.samples.forEach((id, i) => {
    sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...sampled.values()].reduce((a, b) => a + b, 0);
  const self = new Map();
  const byFile = new Map();
  const inclusive = new Map();
  const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);
  for (const [id, time] of sampled) {
    const frame = nodes.get(id).callFrame;
    add(self, label(frame), time);
    add(byFile, fileOf(frame), time);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const key = label(nodes.get(at).callFrame);
      if (!seen.has(key)) {
        seen.add(key);
        add(inclusive, key, time);
      }
    }
  }
  const top = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, rows)
      .map(([key, time]) => `${((100 * time) / total).toFixed(1).padStart(6)} %  ${key}`)
      .join('\n');
  console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled`);
  console.log(`\n-- self time by function\n${top(self)}`);
  console.log(`\n-- self time by file or package\n${top(byFile)}`);
  console.log(`\n-- inclusive time by function\n${top(inclusive)}\n`);
}
