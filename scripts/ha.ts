/**
 * npm run ha            the HA topology on this machine: etcd, two Patroni members, HAProxy, two
 *                       Feedline nodes; prints the addresses and runs until Ctrl-C (or `down`)
 * npm run ha -- down    stops a running `npm run ha`
 * Either takes `--state-dir <folder>`: where the run is recorded (default: .state/ in the checkout).
 */
import { join } from 'node:path';
import { startHaCluster } from './ha/cluster.js';
import { startNodesOnCluster } from './ha/nodes.js';
import { commandLine, STATE_DIR_OPTION } from './command-line.js';
import { runRecord, stateDirFrom } from './run-record.js';
import type { Node } from './topology.js';

const USAGE = 'npm run ha [-- down] [-- --state-dir <folder>]';
const { values, command } = commandLine(USAGE, STATE_DIR_OPTION, { commands: ['down'] });
const record = runRecord(stateDirFrom(values['state-dir']), 'ha');
if (command === 'down') {
  console.log((await record.stop()) ? 'the HA topology stopped' : 'no HA topology is running');
  process.exit(0);
}
const already = record.running();
if (already !== undefined) {
  console.error(`an HA topology recorded in ${record.file} runs (pid ${already}): npm run ha -- down first`);
  process.exit(1);
}

const cluster = await startHaCluster();
const nodes: Node[] = [];
let stopping = false;
const down = async (code: number) => {
  if (stopping) return;
  stopping = true;
  await Promise.all(nodes.map((node) => node.stop()));
  await cluster.down();
  record.remove();
  process.exit(code);
};
process.on('SIGINT', () => void down(0));
process.on('SIGTERM', () => void down(0));
try {
  nodes.push(...(await startNodesOnCluster(cluster, 'feedline')));
  record.write(cluster.dir);
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
