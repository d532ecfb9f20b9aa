import type { SubmissionResult } from "@conform-to/react";
import type { ComponentType } from "react";
import { type PersonCardBase, type PersonKind } from "~/shared";

/** What every person's card carries, whatever their kind (the phone is each kind's own: view.phone). */
export type PersonCardData = Omit<PersonCardBase, "mobileNumber">;

export type PersonEditFormProps<Card> = {
  person: Card;
  /** Where a saved edit (and, without JavaScript, Cancel) leads, where the kind's form says so. */
  returnTo: string;
  /** In a dialog or on the card: leaves the edit. */
  onCancel?: () => void;
  /** The page's action data, when the form was posted without JavaScript. */
  lastResult?: SubmissionResult<string[]> | null;
};

/**
 * What differs between the two kinds of people on their rosters and pages (SPEC §2.9,
 * §2.10): the words, where a person's page is, which fields the edit has and whether
 * it opens in place on the card or in a dialog.
 */
export type PersonView<Card extends PersonCardData> = {
  kind: PersonKind;
  /** The person's page: the menu's links without JavaScript, and the dialogs' form endpoint. */
  path: (id: string) => string;
  /** The agency's roster, where the person's page leads back to. */
  rosterPath: string;
  backLabel: string;
  /** Under the name on the card. */
  roleLine: (person: Card) => string;
  /** Under the name on the person's page. */
  pageSubtitle: (person: Card) => string;
  /** The mobile number as the card shows it. */
  phone: (person: Card) => string | null;
  website: (person: Card) => string | null;
  /** The title of the edit on the person's page and of its dialog. */
  editTitle: string;
  /** The client card edits in place (?edit= without JavaScript); a team member's opens a dialog. */
  editInline: boolean;
  EditForm: ComponentType<PersonEditFormProps<Card>>;
  spacesDescription: string;
  removeLabel: string;
  removeConfirmation: (name: string) => string;
};
