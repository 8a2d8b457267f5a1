/** Entry of `/embed/quire-host.js` (built by the `quire-host-sdk` plugin in vite.config.ts). */

export { FIELD_LIMIT, METHODS, RECORDS_PER_REQUEST } from '../protocol';
export type { Handlers, HostOptions, QuireHost } from './quireHost';
export { createQuireHost, HostAnswerError, PROTOCOL, PROTOCOL_VERSION, SUPPORTED_VERSIONS } from './quireHost';
