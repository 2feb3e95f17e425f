/** A date as the user's locale writes a day (the list's formatDate, here without importing the page). */
export function formatDay(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(locale);
}
