/* npm run db:migrate — applies pending migrations (Fly's release command runs this). */
import { runCommand } from "../scripts/command";

await runCommand(async () => {
  const { db, migrate } = await import("~/services/db.server");
  try {
    const applied = await migrate();
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
  } finally {
    await db.destroy();
  }
});
