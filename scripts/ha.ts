/**
 * npm run ha            the HA topology on this machine: etcd, two Patroni members, HAProxy, two
 *                       Feedline nodes; prints the addresses and runs until Ctrl-C (or `down`)
 * npm run ha -- down    stops a running `npm run ha`
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHaCluster } from './ha/cluster.js';
import { startNodesOnCluster } from './ha/nodes.js';
import type { Node } from './topology.js';

const PID_FILE = join(tmpdir(), 'feedline-ha.pid');

if (process.argv[2] === 'down') {
  try {
    process.kill(Number(readFileSync(PID_FILE, 'utf8')), 'SIGTERM');
    console.log('stopping the HA topology');
  } catch {
    console.log('no HA topology is running');
  }
  process.exit(0);
}

const cluster = await startHaCluster();
const nodes: Node[] = [];
let stopping = false;
const down = async (code: number) => {
  if (stopping) return;
  stopping = true;
  await Promise.all(nodes.map((node) => node.stop()));
  await cluster.down();
  rmSync(PID_FILE, { force: true });
  process.exit(code);
};
process.on('SIGINT', () => void down(0));
process.on('SIGTERM', () => void down(0));
try {
  nodes.push(...(await startNodesOnCluster(cluster, 'feedline')));
  writeFileSync(PID_FILE, String(process.pid));
  const mask = (url: string) => url.replace(/:[^:@/]*@/, ':***@');
  console.log(`HA topology up in ${cluster.dir}
  Feedline nodes:   ${nodes.map((node) => node.url).join('  ')}
  write port:       ${mask(cluster.writeUrl('feedline'))}
  read port:        ${mask(cluster.readUrl('feedline'))}
  members:          ${cluster.members.map((m) => `${m.name} postgres :${m.pgPort}, patroni :${m.apiPort}`).join('; ')}
  patronictl:       patronictl -c ${join(cluster.dir, 'patronictl.yml')} list
Ctrl-C (or npm run ha -- down) stops and removes everything.`);
} catch (error) {
  console.error(`the HA topology did not come up: ${(error as Error).message}`);
  await down(1);
}
