import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { ClientProfileSchema, NotificationPreferencesSchema, TimeZoneSchema } from "~/shared/settings.schemas";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("settings forms", () => {
  test("a time zone is Automatic (empty, stored as null) or one of Intl's IANA zones", () => {
    const parse = (timeZone: string) =>
      parseWithZod(form({ intent: "time-zone", timeZone }), { schema: TimeZoneSchema });
    const automatic = parse("");
    expect(automatic.status === "success" && automatic.value.timeZone).toBeNull();
    for (const zone of ["UTC", "America/New_York", "Europe/Berlin"]) {
      const chosen = parse(zone);
      expect(chosen.status === "success" && chosen.value.timeZone).toBe(zone);
    }
    for (const wrong of ["Mars/Olympus", "EST5EDT; drop", "america/new_york"]) {
      const refused = parse(wrong);
      expect(refused.status !== "success" && refused.error).toEqual({
        timeZone: ["Choose a time zone from the list."],
      });
    }
  });

  test("a ticked box is on and an unticked one (which browsers do not send) is off", () => {
    const submission = parseWithZod(form({ newClient: "on", marketing: "on" }), {
      schema: NotificationPreferencesSchema,
    });
    expect(submission.status === "success" && submission.value).toEqual({
      newClient: true,
      teamActivity: false,
      unreadMessages: false,
      mentions: false,
      signOffs: false,
      marketing: true,
    });
  });

  test("a profile's mobile number is optional, and when given it is ten digits, formatted (SPEC §5)", () => {
    const parse = (mobileNumber: string) =>
      parseWithZod(form({ intent: "profile", name: "Cleo", mobileNumber }), { schema: ClientProfileSchema });
    const empty = parse("");
    expect(empty.status === "success" && empty.value.mobileNumber).toBeNull();
    const typed = parse("+1 555 123 4567");
    expect(typed.status === "success" && typed.value.mobileNumber).toBe("(555) 123-4567");
    expect(parse("555 1234").status).toBe("error");
  });
});
