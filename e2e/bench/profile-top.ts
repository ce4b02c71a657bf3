/**
 * `tsx e2e/bench/profile-top.ts <file.cpuprofile>`: the functions and the packages that took the
 * most CPU (self time) in a `node --cpu-prof` profile, e.g. one from BENCH_BARE_PROFILE.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const profile = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) =>
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
);
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const add = (map: Map<string, number>, key: string, us: number) =>
  map.set(key, (map.get(key) ?? 0) + us);
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, us] of selfUs) {
  const frame = byId.get(id)!.callFrame;
  const file = frame.url.replace(/^file:\/\//, '');
  add(
    byFunction,
    `${frame.functionName || '(anonymous)'} ${file.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`,
    us,
  );
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ??
    (file
      ? file.includes('/dist/')
        ? 'our bundle'
        : file.split('/').slice(-1)[0]!
      : frame.functionName);
  add(byPackage, pkg, us);
}
// Inclusive time: each sample counts once for every distinct function on its stack.
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at)!.callFrame;
    if (!frame.url) continue;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
    if (!seen.has(key)) add(inclusive, key, us);
    seen.add(key);
  }
}
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `${((us / total) * 100).toFixed(1).padStart(5)} %  ${k}`);
process.stdout.write(
  [
    'by package:',
    ...top(byPackage, 15),
    '',
    'by function:',
    ...top(byFunction, 30),
    '',
    'inclusive:',
    ...top(inclusive, 50),
    '',
  ].join('\n'),
);
