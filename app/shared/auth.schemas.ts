import { z } from "zod";
import { formatPhone, nationalDigits } from "~/shared";

/* Form schemas of sign-up, sign-in and password reset; conform uses them in the browser too. */

const PASSWORD_MIN = 8;

const required = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`);

export const emailField = z
  .string({ error: "Email is required." })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Please enter a valid email address." }).max(254, "Email is too long."));

export const newPassword = z
  .string({ error: "Password is required." })
  .min(PASSWORD_MIN, "Password must be at least 8 characters long.")
  .max(128, "Password must be at most 128 characters long.");

export const passwordsMatch = <T extends { password: string; confirmPassword: string }>(value: T) =>
  value.password === value.confirmPassword;
export const mismatch = {
  message: "Passwords do not match",
  path: ["confirmPassword"],
  // Say so even while other fields are still wrong, as long as both passwords were typed.
  when: ({ value }: { value: unknown }) => {
    const { password, confirmPassword } = (value ?? {}) as Record<string, unknown>;
    return typeof password === "string" && typeof confirmPassword === "string";
  },
};

export const RegisterSchema = z
  .object({
    firstName: required("First name").pipe(z.string().max(80, "First name is too long.")),
    lastName: required("Last name").pipe(z.string().max(80, "Last name is too long.")),
    agencyName: required("Agency name").pipe(z.string().max(120, "Agency name is too long.")),
    email: emailField,
    mobileNumber: z
      .string({ error: "Mobile number is required." })
      .refine(
        (value) => nationalDigits(value).length === 10,
        "Please enter a 10-digit mobile number, like (555) 123-4567.",
      )
      .transform(formatPhone),
    agencyUrl: z
      .string({ error: "Agency website URL is required." })
      .trim()
      .refine((value) => /^https?:\/\//i.test(value), "The website must start with http:// or https://")
      .pipe(z.url({ error: "Please enter a valid website address." }).max(300, "The website address is too long.")),
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm your password." }),
    terms: z
      .boolean({ error: "Please agree to the Terms of Service and Privacy Policy." })
      .refine((value) => value, "Please agree to the Terms of Service and Privacy Policy."),
  })
  .refine(passwordsMatch, mismatch);

export const LoginSchema = z.object({
  email: emailField,
  password: z.string({ error: "Password is required." }).min(1, "Password is required."),
  redirectTo: z.string().optional(),
});

export const ResendSchema = z.object({
  email: z.string({ error: "Please enter your email address to resend the verification link." }).pipe(emailField),
});

export const ForgotPasswordSchema = z.object({ email: emailField });

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: "This reset link is incomplete." }),
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm your password." }),
  })
  .refine(passwordsMatch, mismatch);

export type RegisterInput = z.infer<typeof RegisterSchema>;

/** SPEC §4: the first sign-in with a temporary password sets the person's own. */
export const NewPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string({ error: "Please confirm your password." }) })
  .refine(passwordsMatch, mismatch);
