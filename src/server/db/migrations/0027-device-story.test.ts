import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceKey } from '../../../domain/device-key';
import type { Database } from '../database';
import { migrateToLatest } from '../migrate';
import { createTestDatabaseAt, testDialects, type TestDatabase } from '../../test/test-database';

for (const dialect of testDialects()) {
  describe(`migration 0027: every ticket's serial as a device key, and warranty returns [${dialect}]`, () => {
    let test: TestDatabase;
    let database: Database;

    beforeAll(async () => {
      test = await createTestDatabaseAt(dialect, '0026-ticket-types');
      database = test.database;
    });
    afterAll(() => test.cleanup());

    it('keys the typed serials as the app does, across batches, and leaves the rest empty', async () => {
      // Kysely<any>: the tables as they were before this migration.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db = database.db as any;
      const at = '2026-01-10T10:00:00.000Z';
      const serials = [
        'sn 1234-ab',
        '',
        'IMEI: 35-209900-176148-1',
        ...Array.from({ length: 1100 }, (_, i) => `c02-${i}`),
      ];
      for (let i = 0; i < serials.length; i += 500) {
        await db
          .insertInto('tickets')
          .values(
            serials.slice(i, i + 500).map((serial_number) => ({
              title: 'Замена SSD',
              status: 'new',
              serial_number,
              created_at: at,
              updated_at: at,
            })),
          )
          .execute();
      }

      const result = await migrateToLatest(database);
      expect(result.error).toBeUndefined();
      const rows = await database.db
        .selectFrom('tickets')
        .select(['serial_number', 'serial_key'])
        .orderBy('id')
        .execute();
      expect(rows).toHaveLength(serials.length);
      for (const row of rows) expect(row.serial_key).toBe(deviceKey(row.serial_number));
      expect(rows.slice(0, 3).map((row) => row.serial_key)).toEqual(['SN1234AB', '', 'IMEI352099001761481']);
    });
  });
}
