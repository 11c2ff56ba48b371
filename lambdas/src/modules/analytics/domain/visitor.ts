import { createHash } from 'node:crypto';

/**
 * The visitor of the day: hex SHA-256 of the day's salt, the address, the user agent and the site.
 * The salt is random and gone within two days, so the hash cannot be traced back to the address or
 * linked across days; each part is length-prefixed so no two inputs run together into one string.
 */
export function visitorHash(salt: string, ip: string, userAgent: string, site: string): string {
  const hash = createHash('sha256');
  for (const part of [salt, ip, userAgent, site]) hash.update(`${part.length}:${part}`);
  return hash.digest('hex');
}
