import { describe, expect, it } from 'vitest';
import { actorName, resourcePath } from './events';

describe('the audit log', () => {
  it('names actors by e-mail, key or system', () => {
    expect(actorName({ type: 'user', id: 'u1', email: 'ann@example.com' })).toBe('ann@example.com');
    expect(actorName({ type: 'user', id: 'u1' })).toBe('u1');
    expect(actorName({ type: 'apiKey', id: 'key_1' })).toBe('API key key_1');
    expect(actorName({ type: 'system', id: 'paypal' })).toBe('System (paypal)');
  });

  it('links a resource to its page, a code to its own page', () => {
    expect(resourcePath({ type: 'qrcode', id: 'qr_1' })).toBe('/codes/view?id=qr_1');
    expect(resourcePath({ type: 'hostname', id: 'host_1' })).toBe('/hosts');
    expect(resourcePath({ type: 'member', id: 'u1' })).toBe('/workspace');
    expect(resourcePath({ type: 'something', id: 'x' })).toBeNull();
  });
});
