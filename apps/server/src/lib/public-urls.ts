/** Addresses of the public careers site, for answers and mail that link to it. */

export function careersListUrl(origin: string): string {
  return `${origin}/careers`;
}

export function vacancyPublicUrl(origin: string, vacancyId: number): string {
  return `${origin}/careers/${vacancyId}`;
}
