import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { HomeLink, PublicFooter } from "~/components/public-layout";
import {
  buttonClassName,
  ArrowRightIcon,
  ChatIcon,
  LockIcon,
  SpacesIcon,
  TeamIcon,
  type IconComponent,
} from "~/components/ui";
import { requireAnonymous } from "~/web/guards.server";

// SPEC §2.1: a signed-in, verified user goes to their dashboard instead.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export const meta: MetaFunction = () => [
  { title: "Agency Workspace | Secure Client Communication Made Simple" },
  {
    name: "description",
    content:
      "Dedicated client spaces, team collaboration and focused messaging for digital agencies, in one secure workspace.",
  },
];

const features: { title: string; description: string; icon: IconComponent }[] = [
  {
    title: "Client Spaces",
    description:
      "Give every client a dedicated space with their logo, contacts and the people working on their account.",
    icon: SpacesIcon,
  },
  {
    title: "Secure & Private",
    description: "Each agency's data is kept apart, and clients only ever see the spaces they have been invited to.",
    icon: LockIcon,
  },
  {
    title: "Team Collaboration",
    description: "Invite your team with a link, assign them to spaces and keep everyone working from the same page.",
    icon: TeamIcon,
  },
  {
    title: "Focused Messaging",
    description: "Chat with clients in context, share files and see who has read what, without the inbox clutter.",
    icon: ChatIcon,
  },
];

export default function Landing() {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="sticky top-0 z-20 border-b border-slate-200/70 bg-white/90">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <HomeLink compact />
          <nav aria-label="Account" className="flex items-center gap-2 sm:gap-3">
            <Link to="/login" className={buttonClassName({ variant: "ghost" })}>
              Log in
            </Link>
            <Link to="/register" className={buttonClassName()}>
              Get Started
            </Link>
          </nav>
        </div>
      </header>

      <main className="flex-1">
        <section className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[36rem] bg-gradient-to-b from-indigo-50 via-white to-white"
          />
          <div
            aria-hidden="true"
            className="pointer-events-none absolute left-1/2 top-[-10rem] -z-10 h-[28rem] w-[48rem] -translate-x-1/2 rounded-full bg-indigo-200/40 blur-3xl"
          />
          <div className="mx-auto max-w-6xl px-4 pb-20 pt-16 text-center sm:px-6 sm:pt-24 lg:pb-28">
            <p className="inline-flex items-center gap-2 rounded-full border border-indigo-100 bg-white px-3 py-1 text-xs font-medium text-indigo-700 shadow-sm">
              <span className="size-1.5 rounded-full bg-indigo-500" aria-hidden="true" />
              Built for digital agencies
            </p>
            <h1 className="mx-auto mt-6 max-w-4xl text-balance text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
              Secure Client Communication Made Simple
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-slate-600">
              Bring every client conversation, file and teammate into one private workspace, with a dedicated space for
              each client and nothing lost in email threads.
            </p>
            <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Link to="/register" className={buttonClassName({ size: "lg", className: "w-full sm:w-auto" })}>
                Get Started for Free
                <ArrowRightIcon />
              </Link>
              <Link
                to="/dashboard"
                className={buttonClassName({ variant: "outline", size: "lg", className: "w-full sm:w-auto" })}
              >
                View Demo
              </Link>
            </div>
            <ProductPreview />
          </div>
        </section>

        <section aria-labelledby="features-heading" className="border-t border-slate-100 bg-slate-50 py-20 sm:py-24">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                Everything your agency needs to work with clients
              </h2>
              <p className="mt-4 text-lg text-slate-600">
                One place for the spaces, people and conversations behind every account.
              </p>
            </div>
            <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {features.map((feature) => (
                <li
                  key={feature.title}
                  className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
                >
                  <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
                    <feature.icon className="size-6" />
                  </span>
                  <h3 className="mt-5 text-base font-semibold text-slate-900">{feature.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{feature.description}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="cta-heading" className="px-4 py-20 sm:px-6 sm:py-24">
          <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 to-indigo-800 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-16">
            <div
              aria-hidden="true"
              className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-white/10 blur-2xl"
            />
            <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
              Ready to bring your clients closer?
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-indigo-100">
              Set up your agency in minutes, invite your team and open your first client space today.
            </p>
            <Link
              to="/register"
              className={buttonClassName({
                variant: "secondary",
                size: "lg",
                className: "mt-8 bg-white text-indigo-700 shadow-sm hover:bg-indigo-50",
              })}
            >
              Create your agency account
            </Link>
          </div>
        </section>
      </main>

      <PublicFooter />
    </div>
  );
}

/** A sketch of a client space, drawn with boxes: shows the product without a screenshot. */
function ProductPreview() {
  return (
    <div aria-hidden="true" className="mx-auto mt-16 max-w-4xl">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white text-left shadow-2xl shadow-indigo-900/10">
        <div className="flex h-10 items-center gap-1.5 border-b border-slate-100 bg-slate-50 px-4">
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="size-2.5 rounded-full bg-slate-300" />
        </div>
        <div className="flex">
          <div className="hidden w-48 shrink-0 space-y-2 border-r border-slate-100 p-4 sm:block">
            <div className="mb-4 flex items-center gap-2">
              <span className="flex h-7 items-center rounded-md bg-indigo-600 px-1.5 text-[9px] font-bold text-white">
                TWT
              </span>
              <span className="h-2.5 w-20 rounded bg-slate-200" />
            </div>
            {["w-24", "w-16", "w-20", "w-14"].map((width, index) => (
              <div
                key={width}
                className={`flex items-center gap-2 rounded-md px-2 py-1.5 ${index === 1 ? "bg-indigo-50" : ""}`}
              >
                <span className={`size-3.5 rounded ${index === 1 ? "bg-indigo-400" : "bg-slate-200"}`} />
                <span className={`h-2 rounded ${width} ${index === 1 ? "bg-indigo-300" : "bg-slate-200"}`} />
              </div>
            ))}
          </div>
          <div className="flex-1 space-y-4 p-5 sm:p-6">
            <div className="flex items-center gap-3">
              <span className="flex size-9 items-center justify-center rounded-lg bg-emerald-100 text-xs font-bold text-emerald-700">
                AC
              </span>
              <div>
                <p className="text-sm font-semibold text-slate-900">Acme Co. Space</p>
                <p className="text-xs text-slate-500">3 team members · 2 clients</p>
              </div>
            </div>
            <div className="space-y-3">
              <Bubble who="JD" text="The new homepage draft is ready for review." />
              <Bubble who="AC" text="Looks great! Can we swap the hero photo?" mine />
              <Bubble who="JD" text="Done. I've attached the updated file." file />
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

function Bubble({ who, text, mine, file }: { who: string; text: string; mine?: boolean; file?: boolean }) {
  return (
    <div className={`flex items-end gap-2 ${mine ? "flex-row-reverse" : ""}`}>
      <span
        className={`flex size-7 shrink-0 items-center justify-center rounded-full text-[10px] font-semibold ${
          mine ? "bg-emerald-100 text-emerald-700" : "bg-indigo-100 text-indigo-700"
        }`}
      >
        {who}
      </span>
      <div
        className={`max-w-[70%] rounded-2xl px-3.5 py-2 text-sm ${
          mine ? "rounded-br-md bg-indigo-600 text-white" : "rounded-bl-md bg-slate-100 text-slate-800"
        }`}
      >
        {text}
        {file ? (
          <span className="mt-2 flex items-center gap-2 rounded-lg bg-white px-2.5 py-1.5 text-xs text-slate-600 shadow-sm">
            <span className="h-4 w-3 rounded-sm bg-indigo-200" />
            homepage-v2.pdf
          </span>
        ) : null}
      </div>
    </div>
  );
}
