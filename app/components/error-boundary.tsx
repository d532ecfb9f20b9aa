import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { buttonClassName } from "~/components/ui/button";

type ErrorCopy = { code: string; title: string; message: string };

function describe(error: unknown): ErrorCopy {
  if (isRouteErrorResponse(error)) {
    switch (error.status) {
      case 404:
        return {
          code: "404",
          title: "Oops! Page not found",
          message: "The page you are looking for doesn't exist or has been moved.",
        };
      case 401:
        return { code: "401", title: "Please sign in", message: "You need to be signed in to see this page." };
      case 403:
        // A model's refusal says what may not be done (SPEC §8's words); anything else gets the general words.
        return {
          code: "403",
          title: "Access denied",
          message:
            typeof error.data === "string" && error.data ? error.data : "You don't have permission to see this page.",
        };
      case 413:
        return {
          code: "413",
          title: "Too large",
          message: "The request was too large. Please send less at once and try again.",
        };
      case 400:
      case 405:
      case 422:
        return {
          code: String(error.status),
          title: "We couldn't handle that request",
          message: "Please check what you entered and try again.",
        };
      case 429:
        return { code: "429", title: "Too many requests", message: "Please wait a moment and try again." };
      default:
        return {
          code: String(error.status),
          title: error.status >= 500 ? "Something went wrong" : "We couldn't complete that request",
          message:
            error.status >= 500
              ? "An unexpected error occurred on our side. Please try again in a moment."
              : "Please try again, or go back to the home page.",
        };
    }
  }
  return {
    code: "Error",
    title: "Something went wrong",
    message: "An unexpected error occurred. Please try again in a moment.",
  };
}

/**
 * The page shown when a loader or action throws, or a component fails. It never shows
 * a stack trace or an error's message: those go to the server log (handleError).
 * Inside a layout that has its own `<main>` it is a section of it (`inPage`).
 */
export function GeneralErrorBoundary({ inPage = false }: { inPage?: boolean }) {
  const error = useRouteError();
  const copy = describe(error);
  const Frame = inPage ? "div" : "main";
  return (
    <Frame
      className={
        inPage
          ? "flex items-center justify-center px-6 py-16"
          : "flex min-h-screen items-center justify-center bg-slate-50 px-6 py-16"
      }
    >
      <div className="w-full max-w-md text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-indigo-600">{copy.code}</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{copy.title}</h1>
        <p className="mt-4 text-base leading-relaxed text-slate-600">{copy.message}</p>
        <div className="mt-8 flex justify-center">
          <Link to="/" className={buttonClassName({ size: "lg" })}>
            Return to Home
          </Link>
        </div>
      </div>
    </Frame>
  );
}

/**
 * The ErrorBoundary of a page that says its own words when its data fails to load
 * (SPEC §8, `children`): only for an unexpected failure. A refusal (404 not found, 403,
 * a 4xx) keeps its usual answer, so an unknown id still reads as not found.
 */
export function LoadFailureBoundary({ inPage = true, children }: { inPage?: boolean; children: React.ReactNode }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status < 500) return <GeneralErrorBoundary inPage={inPage} />;
  return <>{children}</>;
}

/** Loads the page again from the server (a full reload: the failure may have been the server's). */
export function TryAgainLink({ children = "Try Again" }: { children?: React.ReactNode }) {
  const { pathname, search } = useLocation();
  return (
    <a
      href={`${pathname}${search}`}
      className={buttonClassName({ size: "sm", variant: "outline", className: "no-underline" })}
    >
      {children}
    </a>
  );
}
