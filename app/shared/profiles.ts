import type { TeamRole } from "./roles";

/* A person's own profile as Settings › Profile shows it (app/models/profiles.server.ts). */

export type Profile =
  | {
      kind: "agency";
      email: string;
      agencyName: string;
      firstName: string;
      lastName: string;
      mobileNumber: string | null;
      url: string | null;
      avatarKey: string | null;
      logoKey: string | null;
    }
  | { kind: "team"; email: string; name: string; role: TeamRole; mobileNumber: string | null; avatarKey: string | null }
  | {
      kind: "client";
      email: string;
      name: string;
      company: string;
      mobileNumber: string | null;
      extension: string | null;
      avatarKey: string | null;
    }
  /** The record behind the account is gone (SPEC: Profile Not Found; No team member profile found). */
  | { kind: "missing"; of: "agency" | "team" | "client" }
  /** Administrators have an account and no agency, team or client record. */
  | { kind: "none"; email: string };
