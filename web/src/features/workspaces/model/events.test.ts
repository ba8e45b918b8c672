import { describe, expect, it } from 'vitest';
import { actorName, resourcePath } from './events';

describe('the audit log', () => {
  it('names actors by e-mail, key name or system', () => {
    const keys = new Map([['key_1', 'Deploy bot']]);
    expect(actorName({ type: 'user', id: 'u1', email: 'ann@example.com' })).toBe('ann@example.com');
    expect(actorName({ type: 'user', id: 'u1' })).toBe('u1');
    expect(actorName({ type: 'apiKey', id: 'key_1' }, keys)).toBe('API key “Deploy bot”');
    expect(actorName({ type: 'system', id: 'paypal' })).toBe('System (paypal)');
  });

  it('never shows a key by its id: a key no longer listed was revoked', () => {
    expect(actorName({ type: 'apiKey', id: 'key_2' }, new Map())).toBe('A revoked API key');
    expect(actorName({ type: 'apiKey', id: 'key_1' })).toBe('An API key');
  });

  it('links a resource to its page, a code to its own page', () => {
    expect(resourcePath({ type: 'qrcode', id: 'qr_1' })).toBe('/codes/view?id=qr_1');
    expect(resourcePath({ type: 'hostname', id: 'host_1' })).toBe('/hosts');
    expect(resourcePath({ type: 'member', id: 'u1' })).toBe('/workspace');
    expect(resourcePath({ type: 'something', id: 'x' })).toBeNull();
  });
});
