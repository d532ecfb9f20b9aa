import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CONTACT_HREF, LegalPage } from "~/components/public-layout";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta("Terms of Service", "The terms under which agencies and their clients use Agency Workspace.");

export default function Terms() {
  return (
    <LegalPage title="Terms of Service" updated="November 22, 2026">
      <section>
        <p>
          These terms govern your use of Agency Workspace, a platform that lets digital agencies communicate with their
          clients and team in dedicated, private spaces. By creating an account or accepting an invitation you agree to
          them. If you use the service on behalf of an agency or company, you accept these terms for that organisation.
        </p>
      </section>
      <section>
        <h2>Your account</h2>
        <ul>
          <li>Give accurate information when you register and keep it up to date.</li>
          <li>Keep your password secret; you are responsible for what happens under your account.</li>
          <li>Tell us at once if you believe someone else has access to your account.</li>
        </ul>
      </section>
      <section>
        <h2>Agencies and the people they invite</h2>
        <p>
          An agency owner controls its workspace: who is invited, which spaces exist and who can see them. Agencies are
          responsible for the team members and clients they invite and for making sure they have the right to share the
          content they upload.
        </p>
      </section>
      <section>
        <h2>Acceptable use</h2>
        <p>You agree not to:</p>
        <ul>
          <li>upload content that is unlawful, infringing, or that you have no right to share;</li>
          <li>send spam, malware or anything meant to harm the service or other users;</li>
          <li>try to reach spaces, messages or data you have not been given access to.</li>
        </ul>
      </section>
      <section>
        <h2>Your content</h2>
        <p>
          You keep ownership of the messages and files you share. You give us the limited permission we need to store,
          process and display them to the people you share them with, solely to provide the service. How we handle
          personal data is described in our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </section>
      <section>
        <h2>Availability and changes</h2>
        <p>
          We work to keep the service available and secure, but it is provided &ldquo;as is&rdquo;, without warranties
          of any kind. We may improve or change features over time, and we will announce material changes to these terms
          before they take effect.
        </p>
      </section>
      <section>
        <h2>Ending your use</h2>
        <p>
          You may stop using the service at any time. We may suspend accounts that break these terms. To the extent
          allowed by law, our liability for any claim related to the service is limited to the amount you paid us in the
          twelve months before the claim.
        </p>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          Questions about these terms? Write to us at <a href={CONTACT_HREF}>hello@agency-workspace.app</a>.
        </p>
      </section>
    </LegalPage>
  );
}
