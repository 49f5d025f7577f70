import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DEMO_USERS } from './demo/seed';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function printDemoLogins() {
  const width = Math.max(...DEMO_USERS.map((u) => u.username.length));
  console.log('\nDemo logins (password for all: %s):', DEMO_USERS[0]?.password);
  for (const u of DEMO_USERS) console.log(`  ${u.username.padEnd(width)}  ${u.description}`);
  console.log('');
}

async function main() {
  const config = loadConfig();
  const app = await buildApp({ config, serverDir });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`\nPricewatch is running at http://${shownHost}:${config.port} (country ${config.country})`);
  if (config.demo) printDemoLogins();
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
