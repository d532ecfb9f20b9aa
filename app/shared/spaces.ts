/* Spaces as the lists, cards and headers show them (app/models/spaces.server.ts). */

export type ClientOwnerOption = { id: string; name: string; company: string; email: string };

export type SpaceOverview = {
  id: string;
  name: string;
  company: string | null;
  email: string | null;
  contactNumber: string | null;
  url: string | null;
  logoKey: string | null;
  clientOwner: { id: string; name: string; company: string; email: string; avatarKey: string | null } | null;
  agency: { name: string; ownerName: string; logoKey: string | null };
  canEdit: boolean;
  /** Whether the actor may export the space (the agency owner; its client owner when the agency allows it). */
  canExport: boolean;
};

/** A space as the lists show it. */
export type SpaceSummary = {
  id: string;
  name: string;
  email: string | null;
  company: string | null;
  logoKey: string | null;
  teamMemberCount: number;
  clientCount: number;
  /** Messages waiting unread in the space's chat for the one who lists it ("99+" past UNREAD_SHOWN_UP_TO). */
  unread: number;
};

/** What the logo field's upload gets back (/resources/space-logo): the stored image's key, or why not. */
export type LogoUploadResult = { ok: true; key: string } | { ok: false; message: string };
