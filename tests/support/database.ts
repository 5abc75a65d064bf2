import { Client } from 'pg';
import { openDatabase, type OpenedDatabase } from '../../src/server/db/client.ts';
import { seedDatabase } from '../../src/server/db/seed/index.ts';

/**
 * A fresh, migrated and seeded database for one test file. With DATABASE_URL it is a new database
 * on that PostgreSQL server (dropped afterwards), so parallel runs never collide; otherwise an
 * in-memory PGlite.
 */
export async function openTestDatabase(): Promise<OpenedDatabase & { name: string }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const opened = await openDatabase({});
    await seedDatabase(opened.db);
    return { ...opened, name: 'pglite-memory' };
  }
  const name = `vuelos_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ url: url.toString() });
  await seedDatabase(opened.db);
  return {
    ...opened,
    name,
    close: async () => {
      await opened.close();
      const dropper = new Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
