import type { ClientSummary, TeamMemberSummary } from "./people";

/* The top bar's and /search's results (app/models/search.server.ts). */

export type MessageHit = {
  id: string;
  spaceId: string;
  spaceName: string;
  content: string;
  senderName: string;
  senderAvatarKey: string | null;
};

export type PersonHit = ({ kind: "team_member" } & TeamMemberSummary) | ({ kind: "client" } & ClientSummary);

export type SearchResults = { query: string; spaces: SpaceHit[]; people: PersonHit[]; messages: MessageHit[] };

export type SpaceHit = {
  id: string;
  name: string;
  company: string | null;
  email: string | null;
  logoKey: string | null;
};
