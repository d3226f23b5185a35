// Queries of the busiest requests (a sign-in, a kiosk's), built once and run as named prepared
// statements: drizzle turns the query into SQL once per process instead of on every call, and
// PostgreSQL parses and plans it once per connection instead of on every call (a sign-in's reads spent
// more time being planned than being run). Values go in through `sql.placeholder(...)`; lists as one
// array value (`= any(${sql.placeholder('ids')}::uuid[])`), so the statement's text never changes.
//
// A prepared query runs in the transaction it is given, so the company's row-level security applies
// as to any other query. This leans on drizzle's session API (`prepareQuery`, what its own `.prepare()`
// calls), pinned by the exact drizzle version in package.json and covered by the tests that run these
// queries on both databases.
import type { Executor } from './client';

type DriverQuery = {
  queryString: string;
  params: unknown[];
  fields: unknown;
  joinsNotNullableMap?: unknown;
  execute: (values?: Record<string, unknown>) => Promise<unknown>;
};
type SessionOf = {
  session: {
    prepareQuery: (
      query: { sql: string; params: unknown[] },
      fields: unknown,
      name: string | undefined,
      arrayMode: boolean,
    ) => DriverQuery;
  };
};

/** What a drizzle query builder offers once it has placeholders: `.prepare(name)`. */
type Preparable<T> = { prepare: (name: string) => { execute: (values?: Record<string, unknown>) => Promise<T> } };

/**
 * A query turned into SQL on its first call and then only given new values: sent as the named prepared
 * statement `name`, or unnamed (parsed and planned on each call) when `name` is undefined.
 */
function queryBuiltOnce<T, Values extends Record<string, unknown>>(
  name: string | undefined,
  build: (db: Executor) => Preparable<T>,
): (tx: Executor, values: Values) => Promise<T> {
  let built: Pick<DriverQuery, 'queryString' | 'params' | 'fields' | 'joinsNotNullableMap'> | undefined;
  return (tx, values) => {
    if (!built) {
      // `prepare` only writes the SQL: nothing is sent until a query executes.
      const first = build(tx).prepare(name ?? 'unsent') as unknown as DriverQuery;
      built = {
        queryString: first.queryString,
        params: first.params,
        fields: first.fields,
        joinsNotNullableMap: first.joinsNotNullableMap,
      };
    }
    const query = (tx as unknown as SessionOf).session.prepareQuery(
      { sql: built.queryString, params: built.params },
      built.fields,
      name,
      true,
    );
    query.joinsNotNullableMap = built.joinsNotNullableMap;
    return query.execute(values) as Promise<T>;
  };
}

export function preparedQuery<T, Values extends Record<string, unknown>>(
  name: string,
  build: (db: Executor) => Preparable<T>,
): (tx: Executor, values: Values) => Promise<T> {
  return queryBuiltOnce(name, build);
}

/**
 * A query turned into SQL once per process, like `preparedQuery`, but sent as an unnamed statement:
 * PostgreSQL parses and plans it on every call, for the values it is given. For queries whose plan
 * depends on their values (a list's page, whose best index range depends on the company and the
 * cursor), where only drizzle's work of writing the SQL is worth saving.
 */
export function builtQuery<T, Values extends Record<string, unknown>>(
  build: (db: Executor) => Preparable<T>,
): (tx: Executor, values: Values) => Promise<T> {
  return queryBuiltOnce(undefined, build);
}
