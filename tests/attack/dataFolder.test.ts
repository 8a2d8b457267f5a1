/**
 * Issue 26, item 4: one server per embedded-database folder. A second server (or `npm start`)
 * on a folder in use refuses with a message naming the folder and the process; a folder whose
 * server was killed is taken over.
 */
import { execFile } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './harness';

describe('the data folder of the embedded database', () => {
  const started: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of started.reverse()) await server.stop();
  });

  it('refuses a second server and a second npm start; a killed server’s folder is taken over', async () => {
    const first = await startServerProcess();
    started.push(first);
    const owner = await first.register();
    const pid = /"pid":(\d+)/.exec(
      await import('node:fs').then((fs) => fs.readFileSync(`${first.dataDir}/quire-server.lock`, 'utf8')),
    )?.[1];
    expect(Number(pid)).toBeGreaterThan(0);

    const second = await startServerProcess({ dataDir: first.dataDir, expectExit: true });
    started.push(second);
    expect(second.exitCode()).toBe(1);
    expect(second.log()).toContain(first.dataDir);
    expect(second.log()).toContain(`process ${pid}`);
    expect(second.log()).not.toContain('Quire is running');

    const npmStart = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const env: NodeJS.ProcessEnv = { ...process.env, QUIRE_DATA: first.dataDir, PORT: '0' };
      delete env.DATABASE_URL;
      execFile(process.execPath, ['scripts/start.mjs'], { env, timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
      );
    });
    expect(npmStart.code).toBe(1);
    expect(npmStart.output).toContain(first.dataDir);
    expect(npmStart.output).not.toContain('npm run build');
    expect(first.alive()).toBe(true);

    // SIGKILL leaves the lock file behind; its process is gone, so the next server takes over.
    process.kill(Number(pid), 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    while (first.alive()) await new Promise((resolve) => setTimeout(resolve, 50));
    const third = await startServerProcess({ dataDir: first.dataDir });
    started.push(third);
    const login = await third.call('POST', '/api/auth/login', {
      body: { email: owner.email, password: 'correct horse 42' },
    });
    expect(login.code).toBe(0);
  }, 240_000);
});
