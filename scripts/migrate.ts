// `npm run db:migrate`: applies the committed migrations to DATABASE_URL (the local file by
// default, or Turso with DATABASE_URL=libsql://… and DATABASE_AUTH_TOKEN).
import { ConfigError, parseConfig } from "../src/server/config.ts";
import { openDatabase, resolveDatabaseUrl } from "../src/server/db/node.ts";

try {
  const config = parseConfig(process.env);
  const url = resolveDatabaseUrl(config.DATABASE_URL);
  const database = await openDatabase({ url, authToken: config.DATABASE_AUTH_TOKEN });
  database.close();
  console.log(`Migrations appliquées (${url.startsWith("file:") ? url : "base distante"}).`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
