/**
 * Catalog look-ups, per dialect. The SQL engine's introspection grows from here; the frame only
 * needs to know whether a database holds any tables.
 */
import type { SqlClient, SqlProvider } from './prisma-client.js';

const TABLE_COUNT: Record<SqlProvider, string> = {
  sqlite: "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
  postgresql:
    "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
  mysql: "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'",
};

/** Number of user tables in the database the client is connected to. */
export async function countTables(client: SqlClient, provider: SqlProvider): Promise<number> {
  const rows = await client.$queryRawUnsafe<{ n: bigint | number }[]>(TABLE_COUNT[provider]);
  return Number(rows[0]?.n ?? 0);
}
