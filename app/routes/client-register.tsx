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
  pageMeta(
    "Create your account",
    "Create your client account from your invitation and talk with your agency in your spaces.",
  );

export const loader = ({ request }: LoaderFunctionArgs) => loadInvitationForRegistration(request, "client");

export const action = ({ request, context }: ActionFunctionArgs) =>
  registerFromInvitation(request, context.clientIp, "client");

export default function ClientRegister() {
  const { invitation, problem } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  if (!invitation) return <InvitationProblem problem={problem} />;
  return <InviteeRegisterForm kind="client" invitation={invitation} lastResult={lastResult} />;
}

export function ErrorBoundary() {
  return <InvitationLoadError />;
}
