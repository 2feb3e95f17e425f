/**
 * An account's one-line name split into the employee's first and last names: the last word is the
 * last name, the rest the first name; a single word is a first name with no last name.
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? fullName.trim(), lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) ?? '' };
}

/** The name an employee goes by everywhere (and its account's `name`): first, middle, last. */
export function formatFullName(names: {
  firstName: string;
  lastName: string;
  middleName?: string | null;
}): string {
  return [names.firstName, names.middleName, names.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
