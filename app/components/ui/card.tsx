import { clsx } from "clsx";

type DivProps = React.HTMLAttributes<HTMLDivElement>;

/** A card's surface, for an element that is a card itself (a list's item) rather than a Card inside it. */
export const cardClassName = "rounded-xl border border-slate-200 bg-white shadow-sm";

/** A white, bordered surface. Compose with CardHeader, CardContent and CardFooter. */
export function Card({ className, ...props }: DivProps) {
  return <div className={clsx(cardClassName, className)} {...props} />;
}

export function CardHeader({ className, ...props }: DivProps) {
  return <div className={clsx("space-y-1.5 p-6 pb-0", className)} {...props} />;
}

export type CardTitleProps = React.HTMLAttributes<HTMLHeadingElement> & {
  /** The heading level; h3 unless the card is the page's main content (e.g. a login card: h1). */
  as?: "h1" | "h2" | "h3" | "h4";
};

export function CardTitle({ as: Heading = "h3", className, ...props }: CardTitleProps) {
  return <Heading className={clsx("text-lg font-semibold tracking-tight text-slate-900", className)} {...props} />;
}

export function CardDescription({ className, ...props }: React.HTMLAttributes<HTMLParagraphElement>) {
  return <p className={clsx("text-sm leading-relaxed text-slate-500", className)} {...props} />;
}

export function CardContent({ className, ...props }: DivProps) {
  return <div className={clsx("p-6", className)} {...props} />;
}

export function CardFooter({ className, ...props }: DivProps) {
  return (
    <div
      className={clsx("flex items-center gap-3 rounded-b-xl border-t border-slate-100 px-6 py-4", className)}
      {...props}
    />
  );
}
