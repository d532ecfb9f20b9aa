import { sql, type Kysely } from "kysely";

/*
 * Issue 13, hole 6 (decision 009): a client's company is a row of its own, not a
 * name to compare. Clients one agency invited under the same non-empty name were put
 * in that company by name, so they become one company; each client without a name
 * becomes a company of one (reusing the client's id, so the move needs no lookup).
 * Invitations a client owner made carry their company's id from now on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("client_companies")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("agency_id", "uuid", (c) => c.notNull().references("agencies.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A name means one company of the agency; nameless companies are each their own.
  await db.schema
    .createIndex("client_companies_agency_name_key")
    .on("client_companies")
    .columns(["agency_id", "name"])
    .unique()
    .where(sql.ref("name"), "<>", "")
    .execute();
  await db.schema
    .alterTable("clients")
    .addColumn("company_id", "uuid", (c) => c.references("client_companies.id"))
    .execute();

  await sql`
    insert into client_companies (agency_id, name)
    select distinct agency_id, company from clients where company <> ''
  `.execute(db);
  await sql`
    insert into client_companies (id, agency_id, name)
    select id, agency_id, '' from clients where company = ''
  `.execute(db);
  await sql`
    update clients set company_id = coalesce(
      (select cc.id from client_companies cc
        where cc.agency_id = clients.agency_id and cc.name = clients.company and clients.company <> ''),
      clients.id)
  `.execute(db);
  await sql`
    update invitations set meta = invitations.meta || jsonb_build_object('company_id', clients.company_id)
    from clients
    where clients.user_id = invitations.invited_by and invitations.role = 'CLIENT' and invitations.meta is not null
  `.execute(db);

  await db.schema
    .alterTable("clients")
    .alterColumn("company_id", (c) => c.setNotNull())
    .execute();
  await db.schema.dropIndex("clients_agency_company_idx").execute();
  await db.schema.alterTable("clients").dropColumn("company").execute();
  await db.schema.createIndex("clients_company_id_idx").on("clients").column("company_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("clients")
    .addColumn("company", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await sql`
    update clients set company = client_companies.name
    from client_companies where client_companies.id = clients.company_id
  `.execute(db);
  await sql`update invitations set meta = meta - 'company_id' where meta is not null`.execute(db);
  await db.schema.dropIndex("clients_company_id_idx").execute();
  await db.schema.alterTable("clients").dropColumn("company_id").execute();
  await db.schema.dropTable("client_companies").execute();
  await db.schema.createIndex("clients_agency_company_idx").on("clients").columns(["agency_id", "company"]).execute();
}
