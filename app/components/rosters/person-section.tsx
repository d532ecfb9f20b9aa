import { Card } from "~/components/ui";

/** One part of a person's page, reachable by its id (the roster card's menu links to #edit, #spaces, #remove). */
export function PersonSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card className="scroll-mt-20 p-5 sm:p-6" id={id}>
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </Card>
  );
}
