import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121095151 } from './Migration20261121095151.js';
import { Migration20261121102201 } from './Migration20261121102201.js';
import { Migration20261121231145 } from './Migration20261121231145.js';
import { Migration20261121233357 } from './Migration20261121233357.js';
import { Migration20261122011655 } from './Migration20261122011655.js';
import { Migration20261122070000 } from './Migration20261122070000.js';
import { Migration20261122110000 } from './Migration20261122110000.js';
import { Migration20261125220000 } from './Migration20261125220000.js';
import { Migration20261125230000 } from './Migration20261125230000.js';
import { Migration20261125233000 } from './Migration20261125233000.js';
import { Migration20261126010000 } from './Migration20261126010000.js';
import { Migration20261126020000 } from './Migration20261126020000.js';
import { Migration20261126030000 } from './Migration20261126030000.js';
import { Migration20261126040000 } from './Migration20261126040000.js';
import { Migration20261127010000 } from './Migration20261127010000.js';
import { Migration20261127020000 } from './Migration20261127020000.js';
import { Migration20261127030000 } from './Migration20261127030000.js';
import { Migration20261127110000 } from './Migration20261127110000.js';
import { Migration20261127120000 } from './Migration20261127120000.js';
import { Migration20261127130000 } from './Migration20261127130000.js';
import { Migration20261127140000 } from './Migration20261127140000.js';
import { Migration20261127150000 } from './Migration20261127150000.js';
import { Migration20261127200000 } from './Migration20261127200000.js';
import { Migration20261127210000 } from './Migration20261127210000.js';
import { Migration20261127220000 } from './Migration20261127220000.js';
import { Migration20261127221000 } from './Migration20261127221000.js';
import { Migration20261128000000 } from './Migration20261128000000.js';
import { Migration20261128010000 } from './Migration20261128010000.js';
import { Migration20261128030000 } from './Migration20261128030000.js';
import { Migration20261128100000 } from './Migration20261128100000.js';
import { Migration20261128130000 } from './Migration20261128130000.js';

/**
 * Every migration, in order. Imported statically so they run the same under tsx, vitest or
 * compiled JavaScript; `npm run migration:create` writes a new file: add it here.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121095151', class: Migration20261121095151 },
  { name: 'Migration20261121102201', class: Migration20261121102201 },
  { name: 'Migration20261121231145', class: Migration20261121231145 },
  { name: 'Migration20261121233357', class: Migration20261121233357 },
  { name: 'Migration20261122011655', class: Migration20261122011655 },
  { name: 'Migration20261122070000', class: Migration20261122070000 },
  { name: 'Migration20261122110000', class: Migration20261122110000 },
  { name: 'Migration20261125220000', class: Migration20261125220000 },
  { name: 'Migration20261125230000', class: Migration20261125230000 },
  { name: 'Migration20261125233000', class: Migration20261125233000 },
  { name: 'Migration20261126010000', class: Migration20261126010000 },
  { name: 'Migration20261126020000', class: Migration20261126020000 },
  { name: 'Migration20261126030000', class: Migration20261126030000 },
  { name: 'Migration20261126040000', class: Migration20261126040000 },
  { name: 'Migration20261127010000', class: Migration20261127010000 },
  { name: 'Migration20261127020000', class: Migration20261127020000 },
  { name: 'Migration20261127030000', class: Migration20261127030000 },
  { name: 'Migration20261127110000', class: Migration20261127110000 },
  { name: 'Migration20261127120000', class: Migration20261127120000 },
  { name: 'Migration20261127130000', class: Migration20261127130000 },
  { name: 'Migration20261127140000', class: Migration20261127140000 },
  { name: 'Migration20261127150000', class: Migration20261127150000 },
  { name: 'Migration20261127200000', class: Migration20261127200000 },
  { name: 'Migration20261127210000', class: Migration20261127210000 },
  { name: 'Migration20261127220000', class: Migration20261127220000 },
  { name: 'Migration20261127221000', class: Migration20261127221000 },
  { name: 'Migration20261128000000', class: Migration20261128000000 },
  { name: 'Migration20261128010000', class: Migration20261128010000 },
  { name: 'Migration20261128030000', class: Migration20261128030000 },
  { name: 'Migration20261128100000', class: Migration20261128100000 },
  { name: 'Migration20261128130000', class: Migration20261128130000 },
];
