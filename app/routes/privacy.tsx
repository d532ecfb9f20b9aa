import type { MetaFunction } from "@remix-run/node";
import { CONTACT_HREF, LegalPage } from "~/components/public-layout";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta("Privacy Policy", "What Agency Workspace keeps about you and your clients, and why.");

export default function Privacy() {
  return (
    <LegalPage title="Privacy Policy" updated="November 22, 2026">
      <section>
        <p>
          This policy explains what personal data Agency Workspace collects, why, and the choices you have. We collect
          only what we need to run the service, and we never sell your data.
        </p>
      </section>
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>
            Account details: your name, email address, password (stored only as a secure hash), and optionally your
            mobile number, company and website.
          </li>
          <li>Content you share: messages, files, reactions and read receipts in the spaces you belong to.</li>
          <li>Profile images and company logos you upload.</li>
          <li>Technical data: session information, IP address and browser type, used to keep your account secure.</li>
        </ul>
      </section>
      <section>
        <h2>How we use it</h2>
        <ul>
          <li>To provide the service: sign you in, show you your spaces and deliver your messages.</li>
          <li>
            To send the emails the service needs, such as verification, invitation and password-reset messages, and the
            notifications you choose to receive.
          </li>
          <li>To protect the service against abuse, for example by limiting repeated sign-in attempts.</li>
        </ul>
      </section>
      <section>
        <h2>Who can see your data</h2>
        <p>
          Spaces are private. Messages and files in a space are visible only to its members: the agency, the team
          members assigned to it and the invited clients. Each agency&apos;s data is kept separate from every other
          agency&apos;s. We use a small number of service providers (hosting, file storage and email delivery) who
          process data on our behalf under confidentiality obligations.
        </p>
      </section>
      <section>
        <h2>Cookies</h2>
        <p>
          We use only essential cookies: one that keeps you signed in, one that carries one-time notices between pages
          and one that remembers whether you collapsed the sidebar. We do not use advertising or tracking cookies.
        </p>
      </section>
      <section>
        <h2>Retention and your rights</h2>
        <p>
          We keep your data for as long as your account is active. You can update your profile at any time in Settings,
          and you may ask us for a copy of your data or for its deletion. Agencies can remove team members and clients,
          which ends their access to the agency&apos;s spaces.
        </p>
      </section>
      <section>
        <h2>Security</h2>
        <p>
          Passwords are hashed, sessions can be revoked, files shared in chats are served only to members of the space,
          and every request is checked against the permissions of the person making it.
        </p>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          For any privacy question or request, email <a href={CONTACT_HREF}>hello@agency-workspace.app</a>.
        </p>
      </section>
    </LegalPage>
  );
}
