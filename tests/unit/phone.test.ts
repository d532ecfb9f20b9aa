import { expect, test } from "vitest";
import { formatPhone, nationalDigits } from "~/shared/phone";

test("a mobile number keeps its digits and reads (555) 123-4567, at most 14 characters", () => {
  expect(formatPhone("5551234567")).toBe("(555) 123-4567");
  expect(formatPhone("+1 555.123.4567")).toBe("(555) 123-4567");
  expect(formatPhone("555123")).toBe("(555) 123");
  expect(formatPhone("55")).toBe("(55");
  expect(formatPhone("letters only")).toBe("");
  expect(formatPhone("555123456789012").length).toBe(14);
});

test("a number with more digits than a US number is not cut short silently", () => {
  expect(nationalDigits("+44 20 7946 0958")).toHaveLength(12);
  expect(nationalDigits("1 (555) 123-4567")).toBe("5551234567");
});
