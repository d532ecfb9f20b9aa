/** The digits of a US number without its country code: "+1 (555) 123-4567" → "5551234567". */
export function nationalDigits(input: string): string {
  const digits = input.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/** Formats a US number as it is typed: digits only, shown as (555) 123-4567 (at most 14 characters). */
export function formatPhone(input: string): string {
  const digits = nationalDigits(input).slice(0, 10);
  if (!digits) return "";
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
