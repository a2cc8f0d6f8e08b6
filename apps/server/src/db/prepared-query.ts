import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { directReaderOf } from './connection.ts';
import type { Database } from './database.ts';

/** Stands in for argument `index` (element `element` of an array argument) while compiling. */
class Placeholder {
  constructor(
    readonly index: number,
    readonly element: number | null,
  ) {}
}

/**
 * A query built and compiled by Kysely once per database (and per length of its array
 * arguments), then run with each call's values. Building and compiling a query was about a
 * tenth of a signed-in list's CPU (docs/decisions/102-request-path.md); the SQL text is the
 * same every time, so only the values change.
 *
 * `build` is called with placeholders where the arguments go and must use each only as a
 * value (`where(column, '=', value)`, `where(column, 'in', values)`), never inspect it.
 */
export function preparedQuery<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const compiledByDatabase = new WeakMap<Kysely<Database>, Map<string, CompiledQuery<Row>>>();
  return async (db, ...args) => {
    let compiled = compiledByDatabase.get(db);
    if (!compiled) {
      compiled = new Map();
      compiledByDatabase.set(db, compiled);
    }
    let shape = '';
    for (const argument of args) if (Array.isArray(argument)) shape += `${argument.length},`;
    let query = compiled.get(shape);
    if (!query) {
      const placeholders = args.map((argument, index) =>
        Array.isArray(argument)
          ? argument.map((_, element) => new Placeholder(index, element))
          : new Placeholder(index, null),
      ) as Args;
      query = build(db, ...placeholders).compile();
      compiled.set(shape, query);
    }
    const parameters = query.parameters.map((parameter) => {
      if (!(parameter instanceof Placeholder)) return parameter;
      const argument = args[parameter.index];
      return parameter.element === null ? argument : (argument as unknown[])[parameter.element];
    });
    // SQLite with no transaction open: run at once (connection.ts, directReaderOf).
    const rows = directReaderOf(db)?.(query.sql, parameters);
    if (rows) return rows as Row[];
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
