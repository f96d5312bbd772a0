import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * A V8 CPU profile of this thread (the app's, in embedded mode: gateway, services, PGlite, bus).
 * Open the file in Chrome DevTools or summarise it with `tsx bench/profile-summary.ts <file>`.
 */
export async function startProfile(): Promise<{ stopInto(file: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    async stopInto(file) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify(profile));
      console.log(`(CPU profile written to ${file})`);
    },
  };
}
