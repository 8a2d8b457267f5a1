/**
 * Loaded with `node --import` into the attack suite's server process: while the file named by
 * QUIRE_TEST_BROKEN_WORKERS exists, every render thread (src/server/render/pool.ts: renders run
 * there, and the compile hosts start from it) and every WASM compile host the main thread starts
 * fails to start — by turns its script throws as it loads (a broken or missing worker bundle) or
 * it exits at once (a worker killed before it answered). Once the file is gone, workers start
 * normally. Only the main thread's `Worker` is replaced; nothing in the server knows about it.
 */
import { existsSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import workerThreads from 'node:worker_threads';

const flag = process.env.QUIRE_TEST_BROKEN_WORKERS;
if (workerThreads.isMainThread && flag) {
  const Original = workerThreads.Worker;
  let broken = 0;
  workerThreads.Worker = class SometimesFailingWorker extends Original {
    constructor(filename, options) {
      const name = String(filename);
      if ((name.includes('compile.node-worker') || name.includes('renderThread')) && existsSync(flag)) {
        broken += 1;
        super(broken % 2 === 1 ? 'throw new Error("compile host cannot start")' : 'process.exit(3)', { eval: true });
      } else super(filename, options);
    }
  };
  syncBuiltinESMExports();
}
