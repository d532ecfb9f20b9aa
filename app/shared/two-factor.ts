/* Two-factor sign-in as Settings › Security shows it (app/models/two-factor.server.ts). */

export type TwoFactorStatus = {
  enabled: boolean;
  /** Whether the user's agency requires it of them (team members and clients). */
  required: boolean;
  recoveryCodesLeft: number;
  /** A set-up begun and not confirmed yet: what the page shows to scan. */
  setup: { secret: string; qrCode: string } | null;
  /** For an agency owner: whether the agency requires it of its team and clients; null for others. */
  agencyRequirement: boolean | null;
};
