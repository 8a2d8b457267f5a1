/** English strings of the open platform's screens (namespace `platform`); every language has the same keys. */
const enUS = {
  teamsTitle: 'Your teams',
  teamsIntro: 'Each team has documents, templates and API keys its own systems render with.',
  noTeams: 'You belong to no team yet.',
  apiKeysOf: 'API keys',
  signInFirst: 'Sign in to a Quire server to see your teams.',
  signIn: 'Sign in',
  loading: 'Loading…',
  apiKeysTitle: 'API keys',
  apiKeysIntro:
    'A key lets another system create instances and render documents of this team through the render API. Send it as “Authorization: Bearer <key>” or “x-api-key”.',
  description: 'Description',
  descriptionHint: 'Which system uses the key, e.g. “Billing”.',
  createKey: 'Create key',
  newKeyTitle: 'Your new key',
  newKeyOnce: 'Copy it now: it is shown only this once. Quire keeps only a fingerprint of it.',
  done: 'Done',
  noKeys: 'This team has no API keys.',
  keyPrefix: 'Starts with',
  created: 'Created',
  lastUsed: 'Last used',
  neverUsed: 'Never',
  deleteKey: 'Delete',
  deleteTitle: 'Delete this key?',
  deleteMessage: 'Systems using “{{description}}” will be refused from now on. This cannot be undone.',
  ownerOnly: 'The team’s owners and admins can create or delete keys.',
  keysReadOnly:
    'You can see this team’s keys; only its owners and admins can create or delete them. Ask one of them for a key.',
};

export type PlatformMessages = typeof enUS;
export default enUS;
