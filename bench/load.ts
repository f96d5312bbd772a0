/**
 * The load generator, run as a child process by gateway.bench.ts so that autocannon's own CPU never
 * counts against (or competes on the event loop of) the app being measured. Takes autocannon
 * options as JSON in argv[2], sends back the result over IPC.
 */
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}') as autocannon.Options;
const result = await autocannon(options);
process.send?.(result, () => process.exit(0));
