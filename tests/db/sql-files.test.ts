import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { PG_DUMP, renderSchema, SCHEMA_FILE, SCHEMA_SERVER_MAJOR, serverMajor } from '../../scripts/db-schema.js';
import { renderStatements, STATEMENTS_DIR } from '../../scripts/db-statements.js';
import { withDatabase } from '../support/database.js';

/** The committed SQL (src/db/statements/, src/db/schema.sql) is what the code and migrations make now. */
describe('src/db/statements/', () => {
  it('holds every named statement and builder variant as the code writes them (run `npm run db:statements`)', async () => {
    const committed = new Map(
      readdirSync(STATEMENTS_DIR).map((name) => [name, readFileSync(join(STATEMENTS_DIR, name), 'utf8')]),
    );
    const current = await renderStatements();
    expect([...committed.keys()].sort()).toEqual([...current.keys()].sort());
    // Statement by statement, so a failure shows the one that changed.
    const statements = (text = '') => text.split('\n\n-- ');
    for (const [name, text] of current)
      expect(statements(committed.get(name)), `src/db/statements/${name}`).toEqual(statements(text));
  });
});

const { adminUrl, template } = inject('database');
// The dump is PostgreSQL 15's (production's, and CI's second pass); pg_dump 15 refuses the embedded 17.
const major = await serverMajor(adminUrl);

describe.skipIf(major !== SCHEMA_SERVER_MAJOR || (!existsSync(PG_DUMP) && process.env.CI !== 'true'))(
  'src/db/schema.sql',
  () => {
    it('is the schema the migrations leave (run `npm run db:schema`)', () => {
      const objects = (text: string) => text.split('\n--\n-- Name: ');
      expect(objects(readFileSync(SCHEMA_FILE, 'utf8'))).toEqual(
        objects(renderSchema(withDatabase(adminUrl, template))),
      );
    });
  },
);
