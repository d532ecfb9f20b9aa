import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminHeading, AdminTable } from "~/components/admin/admin-table";
import { databaseStatus } from "~/models/admin.server";
import { requireActor } from "~/services/guards.server";

export const meta: MetaFunction = () => [{ title: "Database | Admin" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return databaseStatus(await requireActor(request, "admin"));
}

export default function AdminDatabase() {
  const { engine, migrations, counts } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <AdminHeading
        title="Database"
        description={`Running on ${engine === "postgres" ? "a Postgres server" : "embedded PGlite"}.`}
      />
      <section>
        <h2 className="mb-3 text-base font-semibold text-slate-900">Applied migrations</h2>
        <AdminTable
          columns={["Migration", "Applied"]}
          rows={migrations.map((migration) => [migration.name, new Date(migration.timestamp).toLocaleString("en-US")])}
        />
      </section>
      <section>
        <h2 className="mb-3 text-base font-semibold text-slate-900">Rows</h2>
        <AdminTable columns={["Table", "Rows"]} rows={counts.map((count) => [count.table, count.rows])} />
      </section>
    </div>
  );
}
