import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema (`npm run db:generate -w apps/server`); the
// extensions, the text search configuration and f_unaccent() live in the custom migration 0000.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  strict: true,
  verbose: true,
});
