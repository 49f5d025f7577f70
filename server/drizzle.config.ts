import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations only; the server applies them itself at start (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema',
  out: './drizzle',
});
