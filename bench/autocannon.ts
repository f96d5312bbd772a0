import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';

const LOAD_SCRIPT = fileURLToPath(new URL('./load.ts', import.meta.url));

/**
 * autocannon in a child process (bench/load.ts): it must share neither the event loop nor the CPU
 * accounting of the app it measures.
 */
export function autocannonInChild(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const child = fork(LOAD_SCRIPT, [JSON.stringify(options)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: autocannon.Result | undefined;
    child.once('message', (message) => (result = message as autocannon.Result));
    child.once('error', reject);
    child.once('exit', (code) => (result ? resolve(result) : reject(new Error(`the load generator exited with ${code} and no result`))));
  });
}
