/* npm run admin:create EMAIL — makes an administrator account and prints its password once. */
import crypto from "node:crypto";
import { createAdministrator } from "~/models/admin.server";
import { emailField } from "~/models/auth.schemas";
import { db, migrate } from "~/services/db.server";

const parsed = emailField.safeParse(process.argv[2] ?? "");
if (!parsed.success) {
  console.error("Usage: npm run admin:create EMAIL   (a valid email address is required)");
  process.exit(1);
}
await migrate();
const password = process.env.ADMIN_PASSWORD || crypto.randomBytes(12).toString("base64url");
const admin = await createAdministrator(parsed.data, password);
await db.destroy();
if (!admin) {
  console.error(`An account with the email ${parsed.data} already exists. Choose another email.`);
  process.exit(1);
}
console.log(`Administrator created: ${admin.email}`);
console.log(`Password: ${password}`);
console.log("Log in at /login; the admin pages are under /admin.");
