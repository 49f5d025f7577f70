// The one list of remotes is REMOTE_NAMES in shared's contract (shared/src/contract/protocol.ts). Node 20
// cannot import TypeScript, so the root scripts read the list from that file.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const PROTOCOL = join(ROOT, 'shared', 'src', 'contract', 'protocol.ts');

function readRemoteNames() {
  const match = /export const REMOTE_NAMES = \[([^\]]*)\] as const;/.exec(readFileSync(PROTOCOL, 'utf8'));
  if (!match) throw new Error(`REMOTE_NAMES not found in ${PROTOCOL}`);
  return [...match[1].matchAll(/'([a-z-]+)'/g)].map((m) => m[1]);
}

/** exports, leaflets, alarms, parsers, users: each served from remote-<name>/. */
export const REMOTE_NAMES = readRemoteNames();
