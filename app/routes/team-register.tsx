import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  InvitationLoadError,
  InvitationProblem,
  InviteeRegisterForm,
} from "~/components/invitations/invitee-register-form";
import { loadInvitationForRegistration, registerFromInvitation } from "~/web/invitee-registration.server";
import { pageMeta } from "~/shared";

export const meta: MetaFunction = () =>
  pageMeta("Join the team", "Create your team member account from your invitation and join your agency's workspace.");

export const loader = ({ request }: LoaderFunctionArgs) => loadInvitationForRegistration(request, "team");

export const action = ({ request, context }: ActionFunctionArgs) =>
  registerFromInvitation(request, context.clientIp, "team");

export default function TeamRegister() {
  const { invitation, problem } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  if (!invitation) return <InvitationProblem problem={problem} />;
  return <InviteeRegisterForm kind="team" invitation={invitation} lastResult={lastResult} />;
}

export function ErrorBoundary() {
  return <InvitationLoadError />;
}
