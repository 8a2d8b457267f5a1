/**
 * What the database keeps of a secret (session token, API key, invitation code, base access token,
 * reset link): its SHA-256 as hex. A leaked table then opens nothing; a presented secret is found
 * by its digest.
 */
import { createHash } from 'node:crypto';

export const digest = (secret: string): string => createHash('sha256').update(secret).digest('hex');
