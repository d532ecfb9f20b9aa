import { sql, type Kysely, type QueryExecutorProvider } from "kysely";

/*
 * Issue 35, items 4 and 6. An export holds its space while its job is at work, so each
 * attempt of the job notes when it began. And a chat file's name ends in the extension
 * of the type its bytes proved, as uploads are named from now on
 * (app/models/uploads.server.ts): the files shared before are renamed here, once, so
 * that every page, download and export reads a name that agrees with the file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("space_exports").addColumn("job_started_at", "timestamptz").execute();
  await nameFilesForTheirType(db);
}

/**
 * The extension proved by the bytes is the one the upload gave the file's storage key
 * (`chat-attachments/<random>.txt`). A name ending in another gets it added
 * ("Invoice.html" that is text becomes "Invoice.html.txt"), within the 200 characters
 * of a name. Names that agree already are left alone, so running it again changes nothing.
 */
export async function nameFilesForTheirType(db: QueryExecutorProvider): Promise<void> {
  await sql`
    with files as (
      select id,
        substring(attachment_key from '[.]([a-z0-9]+)$') as proved,
        lower(substring(attachment_name from '[.]([^.]*)$')) as claimed
      from space_messages
      where attachment_name is not null
    )
    update space_messages
    set attachment_name = left(attachment_name, 199 - length(files.proved)) || '.' || files.proved
    from files
    where space_messages.id = files.id
      and files.proved is not null
      and files.claimed is distinct from files.proved
      and not (files.proved = 'jpg' and files.claimed = 'jpeg')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The names stay as renamed: they are what the files are.
  await db.schema.alterTable("space_exports").dropColumn("job_started_at").execute();
}
