/**
 * The shipped fonts of the large scripts (Chinese, Japanese, Korean, Thai: 5–10 MB a file) are not
 * in the service worker's precache. They live in a cache of their own, filled when a document or
 * the interface first needs them, and ahead of time for the user's language and for the scripts
 * found in their templates and data (`src/app/pwa/fontCache.ts`), so printing offline still works.
 * The service worker answers font requests from this cache first.
 */
export const FONT_CACHE = 'quire-fonts-v1';

/** Font files left out of the precache (matched against the built file names). */
export const ON_DEMAND_FONT_GLOB = '**/NotoSans{SC,TC,JP,KR,Thai}_*.ttf';
