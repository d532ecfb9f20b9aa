/* npm run admin:create EMAIL — makes an administrator account and prints its password once. */
import crypto from "node:crypto";
import { emailField } from "~/shared/auth.schemas";
import { runCommand } from "./command";

const parsed = emailField.safeParse(process.argv[2] ?? "");
if (!parsed.success) {
  console.error("Usage: npm run admin:create EMAIL   (a valid email address is required)");
  process.exit(1);
}
await runCommand(async () => {
  const { db, migrate } = await import("~/services/db.server");
  const { createAdministrator } = await import("~/models/admin.server");
  await migrate();
  const password = process.env.ADMIN_PASSWORD || crypto.randomBytes(12).toString("base64url");
  const admin = await createAdministrator(parsed.data, password);
  await db.destroy();
  if (!admin) throw new Error(`An account with the email ${parsed.data} already exists. Choose another email.`);
  console.log(`Administrator created: ${admin.email}`);
  console.log(`Password: ${password}`);
  console.log("Log in at /login; the admin pages are under /admin.");
});
