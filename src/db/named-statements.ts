/**
 * A statement PostgreSQL prepares once per connection (a named statement) and then only binds and
 * executes: the large JSON-building statements are parsed and planned once, not per request.
 * DB_PREPARED_STATEMENTS=false sends them unnamed (parsed per run): a transaction-mode pooler
 * before PgBouncer 1.21 may bind a name on a server connection that never prepared it.
 */
export interface Statement {
  name: string;
  text: string;
}

/** Every named statement defined so far, by name (`npm run db:statements` writes them all out). */
const NAMED_STATEMENTS = new Map<string, Statement>();

/**
 * A named statement, registered under its name: one name is one text (a server connection keeps
 * what it prepared under a name), so a second statement of the same name and another text throws.
 */
export function namedStatement(name: string, text: string): Statement {
  const known = NAMED_STATEMENTS.get(name);
  if (known && known.text !== text) throw new Error(`two statements are named ${name}`);
  if (known) return known;
  const statement = { name, text };
  NAMED_STATEMENTS.set(name, statement);
  return statement;
}

/** The named statements of the modules loaded so far. */
export const namedStatements = (): ReadonlyMap<string, Statement> => NAMED_STATEMENTS;
