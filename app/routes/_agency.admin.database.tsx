import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminHeading, AdminTable } from "~/components/admin/admin-table";
import { useClock } from "~/components/ui";
import { databaseStatus } from "~/models/admin.server";
import { formatDateTime, pageMeta } from "~/shared";
import { requireActor } from "~/web/guards.server";

export const meta: MetaFunction = () =>
  pageMeta("Database | Admin", "Migration status, row counts and the job queue of the workspace database.");

export async function loader({ request }: LoaderFunctionArgs) {
  return databaseStatus(await requireActor(request, "admin"));
}

export default function AdminDatabase() {
  const { engine, migrations, counts, queues } = useLoaderData<typeof loader>();
  const clock = useClock();
  return (
    <div className="space-y-8">
      <AdminHeading
        title="Database"
        description={`Running on ${engine === "postgres" ? "a Postgres server" : "embedded PGlite"}.`}
      />
      <section>
        <h2 className="mb-3 text-base font-semibold text-slate-900">Migrations</h2>
        <AdminTable
          label="Migrations"
          columns={["Migration", "Status"]}
          rows={migrations.map((migration) => [
            migration.name,
            migration.appliedAt ? `Applied ${formatDateTime(migration.appliedAt, clock)}` : "Pending",
          ])}
        />
      </section>
      <section>
        <h2 className="mb-3 text-base font-semibold text-slate-900">Rows</h2>
        <AdminTable
          label="Row counts"
          columns={["Table", "Rows"]}
          rows={counts.map((count) => [count.table, count.rows])}
        />
      </section>
      <section>
        <h2 className="mb-3 text-base font-semibold text-slate-900">Job queue</h2>
        {queues ? (
          <AdminTable
            label="Job queue"
            columns={["Queue", "Waiting", "Running"]}
            rows={queues.map((queue) => [queue.name, queue.waiting, queue.running])}
          />
        ) : (
          <p className="text-sm text-slate-600">The job queue is not running in this process.</p>
        )}
      </section>
    </div>
  );
}
