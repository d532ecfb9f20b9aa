import crypto from "node:crypto";
import type pg from "pg";
import { createClient } from "#db/connect";

/** A name no other test run on the same server has: `test_` (or the given prefix) and random hex. */
export function throwawayName(prefix = "test") {
  return `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
}

/** The server's URL with another database in its path. */
export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/*
 * pg's pool resolves end() before its connections have said goodbye. A forced drop at
 * that moment kills them mid-close, and the test process dies of an unhandled error;
 * a template still counted as in use refuses every `create database … template`.
 * So wait (a little) for the server to see them gone.
 */
export async function waitForNoSessions(adminUrl: string, name: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const [{ sessions }] = await adminQuery<{ sessions: number }>(
      adminUrl,
      "select count(*)::int as sessions from pg_stat_activity where datname = $1",
      [name],
    );
    if (sessions === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function dropDatabase(adminUrl: string, name: string) {
  await waitForNoSessions(adminUrl, name);
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

export async function adminQuery<Row extends pg.QueryResultRow>(
  url: string,
  statement: string,
  values: unknown[] = [],
) {
  const client = createClient(url, "test database admin");
  await client.connect();
  try {
    return (await client.query<Row>(statement, values)).rows;
  } finally {
    await client.end();
  }
}
