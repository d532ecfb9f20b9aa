/*
 * npm run db:seed — a demo agency to click through (scripts/demo-agency.ts): its owner,
 * team members, clients of two companies, spaces with their people assigned and a few
 * messages. Every demo login shares one password. Running it again changes nothing.
 */
import { runCommand } from "./command";

// The demo's addresses are made up: the mails its sign-ups send stay in the outbox
// ($DATA_DIR/mail), whatever RESEND_API_KEY says.
delete process.env.RESEND_API_KEY;

await runCommand(async () => {
  // The demo is made through the models, so it needs what they need: in production,
  // SESSION_SECRET (invitation links) and APP_URL (the links' origin) too.
  const { appOrigin } = await import("~/models/site.server");
  const origin = appOrigin();
  const { db, migrate } = await import("~/services/db.server");
  const { demoLogins, seedDemoAgency } = await import("./demo-agency");
  await migrate();
  console.log((await seedDemoAgency(origin)) ? "Demo agency created." : "The demo agency is already there.");
  console.log(`\n${demoLogins().join("\n")}`);
  await db.destroy();
});
