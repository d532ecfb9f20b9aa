import { expect, test } from "vitest";
import { formatPhone } from "~/utils/phone";

test("a mobile number keeps its digits and reads (555) 123-4567, at most 14 characters", () => {
  expect(formatPhone("5551234567")).toBe("(555) 123-4567");
  expect(formatPhone("+1 555.123.4567 ext")).toBe("(155) 512-3456");
  expect(formatPhone("555123")).toBe("(555) 123");
  expect(formatPhone("55")).toBe("(55");
  expect(formatPhone("letters only")).toBe("");
  expect(formatPhone("555123456789012").length).toBe(14);
});
