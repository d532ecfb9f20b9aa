import {
  getFormProps,
  getInputProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { AgencyNameField, AgencyWebsiteField, OwnerNameFields } from "~/components/auth/account-fields";
import {
  Alert,
  Avatar,
  SubmitButton,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Field,
  FormError,
} from "~/components/ui";
import { PhoneField } from "~/components/ui/phone-field";
import {
  type Profile,
  type ProfileSettings,
  type FormReply,
  imageUrl,
  TEAM_ROLE_LABELS,
  ownerName as displayOwnerName,
} from "~/shared";
import type { z } from "zod";
import type { AgencyProfileSchema, ClientProfileSchema, TeamMemberProfileSchema } from "~/shared/settings.schemas";
import { ImageUpload } from "./image-upload";
import { AppearanceCard } from "./appearance-card";
import { PresenceCard } from "./presence-card";
import { TimeZoneCard } from "./time-zone-card";
import { useFormResult } from "./use-form-result";
import { FORM_CONSTRAINTS } from "~/shared/form-constraints";

/** The Profile tab of every area: the form of the signed-in person's own record (SPEC §2.12), and their time zone. */
export function ProfilePage() {
  return (
    <div className="space-y-6">
      <OwnRecord />
      <TimeZoneCard />
      <AppearanceCard />
      <PresenceCard />
    </div>
  );
}

function OwnRecord() {
  const { profile } = useLoaderData<ProfileSettings>();
  switch (profile.kind) {
    case "agency":
      return <AgencyProfile profile={profile} />;
    case "team":
      return <TeamMemberProfile profile={profile} />;
    case "client":
      return <ClientProfile profile={profile} />;
    case "missing":
      return profile.of === "team" ? (
        <Alert variant="warning" title="No team member profile found">
          No team member profile found. Please contact your administrator.
        </Alert>
      ) : (
        <Alert variant="warning" title="Profile Not Found">
          We could not find your profile. Please contact your agency to complete it.
        </Alert>
      );
    case "none":
      return (
        <Alert variant="info" title="No profile">
          Administrator accounts have no agency, team or client profile. You are signed in as {profile.email}.
        </Alert>
      );
  }
}

function ProfileCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children}
    </Card>
  );
}

type ProfileSchemas = {
  AgencyProfileSchema: typeof AgencyProfileSchema;
  TeamMemberProfileSchema: typeof TeamMemberProfileSchema;
  ClientProfileSchema: typeof ClientProfileSchema;
};

function useProfileForm<Name extends keyof ProfileSchemas>(
  schema: Name,
  defaultValue: DefaultValue<z.input<ProfileSchemas[Name]>>,
) {
  const fetcher = useFetcher<FormReply>({ key: "profile" });
  const [form, fields] = useForm<z.input<ProfileSchemas[Name]>>({
    id: "profile",
    lastResult: useFormResult(fetcher, "profile")?.result,
    defaultValue,
    constraint: FORM_CONSTRAINTS[schema],
  });
  return { fetcher, form, fields };
}

type ProfileFetcher = ReturnType<typeof useProfileForm>["fetcher"];
/** The form of any of the three profiles (its fields are the caller's). */
type ProfileFormMetadata<Schema extends Record<string, unknown>> = FormMetadata<Schema, string[]>;

/**
 * The form of every profile: its intent, a failure to save (SPEC §8's words, kept with
 * what was typed), its fields in a grid, and Save Changes.
 */
function ProfileForm<Schema extends Record<string, unknown>>({
  fetcher,
  form,
  children,
}: {
  fetcher: ProfileFetcher;
  form: ProfileFormMetadata<Schema>;
  children: React.ReactNode;
}) {
  return (
    <fetcher.Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="profile" />
      <CardContent className="grid gap-4 pt-0 sm:grid-cols-2">
        <FormError id={form.errorId} errors={form.errors} className="sm:col-span-2" />
        {children}
      </CardContent>
      <CardFooter className="justify-end">
        <SubmitButton pending={fetcher.state !== "idle"} pendingText="Saving...">
          Save Changes
        </SubmitButton>
      </CardFooter>
    </fetcher.Form>
  );
}

function ReadOnlyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Field
      labelProps={{ children: label }}
      inputProps={{ value, readOnly: true, "aria-readonly": true, type: "text" }}
      hint={hint}
    />
  );
}

function AvatarUpload({ name, avatarKey }: { name: string; avatarKey: string | null }) {
  return (
    <ImageUpload
      key={`avatar-${avatarKey}`}
      kind="avatar"
      label="Profile picture"
      preview={<Avatar name={name} src={imageUrl(avatarKey)} size="xl" alt="" />}
      hasImage={Boolean(avatarKey)}
    />
  );
}

function LoginEmail({ email }: { email: string }) {
  return <ReadOnlyField label="Email" value={email} hint="Your email is how you log in; it cannot be changed here." />;
}

function NameField<Schema extends string | null | undefined>({ field }: { field: FieldMetadata<Schema> }) {
  return (
    <Field
      className="sm:col-span-2"
      labelProps={{ children: "Name" }}
      inputProps={{ ...getInputProps(field, { type: "text" }), autoComplete: "name" }}
      errors={field.errors}
    />
  );
}

function AgencyProfile({ profile }: { profile: Extract<Profile, { kind: "agency" }> }) {
  const { fetcher, form, fields } = useProfileForm("AgencyProfileSchema", {
    agencyName: profile.agencyName,
    firstName: profile.firstName,
    lastName: profile.lastName,
    mobileNumber: profile.mobileNumber,
    url: profile.url,
  });
  const ownerName = displayOwnerName(profile.firstName, profile.lastName);
  return (
    <div className="space-y-6">
      <ProfileCard title="Agency Profile" description="How your agency and you appear to your team and clients.">
        <CardContent className="grid gap-6 sm:grid-cols-2">
          <AvatarUpload name={ownerName} avatarKey={profile.avatarKey} />
          <ImageUpload
            key={`logo-${profile.logoKey}`}
            kind="logo"
            label="Agency logo"
            preview={
              <Avatar name={profile.agencyName} src={imageUrl(profile.logoKey)} size="xl" shape="square" alt="" />
            }
            hasImage={Boolean(profile.logoKey)}
          />
        </CardContent>
        <ProfileForm fetcher={fetcher} form={form}>
          <AgencyNameField field={fields.agencyName} />
          <OwnerNameFields firstName={fields.firstName} lastName={fields.lastName} />
          <LoginEmail email={profile.email} />
          <PhoneField field={fields.mobileNumber} />
          <AgencyWebsiteField field={fields.url} />
        </ProfileForm>
      </ProfileCard>
    </div>
  );
}

/** A team member's or client's own record: their picture, Name, the email they log in with, then what `children` adds. */
function PersonProfile<Name extends string | null | undefined, Schema extends Record<string, unknown>>({
  title,
  description,
  profile,
  fetcher,
  form,
  nameField,
  children,
}: {
  title: string;
  description: string;
  profile: { name: string; email: string; avatarKey: string | null };
  fetcher: ProfileFetcher;
  form: ProfileFormMetadata<Schema>;
  nameField: FieldMetadata<Name>;
  children: React.ReactNode;
}) {
  return (
    <ProfileCard title={title} description={description}>
      <CardContent>
        <AvatarUpload name={profile.name} avatarKey={profile.avatarKey} />
      </CardContent>
      <ProfileForm fetcher={fetcher} form={form}>
        <NameField field={nameField} />
        <LoginEmail email={profile.email} />
        {children}
      </ProfileForm>
    </ProfileCard>
  );
}

function TeamMemberProfile({ profile }: { profile: Extract<Profile, { kind: "team" }> }) {
  const { fetcher, form, fields } = useProfileForm("TeamMemberProfileSchema", {
    name: profile.name,
    mobileNumber: profile.mobileNumber,
  });
  return (
    <PersonProfile
      title="Team Member Profile"
      description="How you appear to your agency and its clients."
      profile={profile}
      fetcher={fetcher}
      form={form}
      nameField={fields.name}
    >
      <ReadOnlyField label="Role" value={TEAM_ROLE_LABELS[profile.role]} hint="Your agency sets your role." />
      <PhoneField field={fields.mobileNumber} />
    </PersonProfile>
  );
}

function ClientProfile({ profile }: { profile: Extract<Profile, { kind: "client" }> }) {
  const { fetcher, form, fields } = useProfileForm("ClientProfileSchema", {
    name: profile.name,
    mobileNumber: profile.mobileNumber,
    extension: profile.extension,
  });
  return (
    <PersonProfile
      title="Personal Profile"
      description="How you appear to the agency team and your colleagues."
      profile={profile}
      fetcher={fetcher}
      form={form}
      nameField={fields.name}
    >
      <ReadOnlyField label="Company" value={profile.company} hint="Your agency manages your company." />
      <PhoneField field={fields.mobileNumber} />
      <Field
        labelProps={{ children: "Extension" }}
        inputProps={{ ...getInputProps(fields.extension, { type: "text" }), inputMode: "numeric", maxLength: 10 }}
        errors={fields.extension.errors}
      />
    </PersonProfile>
  );
}
