import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './context';
import { hostConfigJson } from './server';

describe('/quire-hosts.json', () => {
  it('lists the origins of frame-ancestors (keywords and wildcards are not origins Quire talks to)', () => {
    const config = {
      ...DEFAULT_CONFIG,
      frameAncestors: ["'self'", 'https://host.example', 'https://*.example', 'http://127.0.0.1:4209'],
    };
    expect(JSON.parse(hostConfigJson(config))).toEqual({
      hostOrigins: ['https://host.example', 'http://127.0.0.1:4209'],
    });
    expect(JSON.parse(hostConfigJson(DEFAULT_CONFIG))).toEqual({ hostOrigins: [] });
  });
});
