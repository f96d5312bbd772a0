import { ConfigError, connectServiceBus, createAssertionSigner, createLogger, serve } from '@powerpool/service-kit';
import { buildGateway } from './app.js';
import { loadGatewayConfig, type GatewayServerConfig } from './config.js';

/** Cluster mode: one gateway process. Parse config, connect NATS, build, listen, stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: GatewayServerConfig;
  try {
    config = loadGatewayConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const logger = createLogger({ level: config.logLevel, name: 'gateway' });
  const signer = await createAssertionSigner(config.assertionPrivateKeyPem);
  const bus = await connectServiceBus({ servers: config.natsUrl, name: 'gateway', namespace: config.natsNamespace, logger });
  const app = await buildGateway({ config, bus, signer, logger });
  // serve(): on a signal, close Fastify (finish in-flight requests), then the bus.
  await serve(app, { port: config.port, host: config.host, logger, onClose: () => bus.close() });
  logger.info({ port: config.port, publicUrl: config.publicUrl, devIdp: Boolean(config.devIdpUpstream) }, 'gateway listening');
}

main().catch((err: unknown) => {
  console.error('gateway failed to start:', err);
  process.exit(1);
});
