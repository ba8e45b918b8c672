import { describe, expect, it } from 'vitest';
import { encodeStaticData, escapeVcard, escapeWifi } from './static-data.js';

describe('encoding static data', () => {
  it('encodes text and urls as they are', () => {
    expect(encodeStaticData({ kind: 'text', text: 'héllo' })).toBe('héllo');
    expect(encodeStaticData({ kind: 'url', url: 'https://example.com/' })).toBe('https://example.com/');
  });

  it('encodes email as mailto: with percent-encoded subject and body', () => {
    expect(encodeStaticData({ kind: 'email', to: 'ada@example.com' })).toBe('mailto:ada@example.com');
    expect(
      encodeStaticData({ kind: 'email', to: 'ada@example.com', subject: 'Hi there', body: 'a&b=c\n' }),
    ).toBe('mailto:ada@example.com?subject=Hi%20there&body=a%26b%3Dc%0A');
  });

  it('encodes phone and sms numbers compactly', () => {
    expect(encodeStaticData({ kind: 'phone', number: '+1 (415) 555-0123' })).toBe('tel:+14155550123');
    expect(encodeStaticData({ kind: 'sms', number: '030 1234', message: 'Hi: there' })).toBe(
      'SMSTO:0301234:Hi: there',
    );
    expect(encodeStaticData({ kind: 'sms', number: '+49 1' })).toBe('SMSTO:+491:');
  });

  it('encodes wifi with the special characters escaped', () => {
    expect(escapeWifi('a\\b;c,d:e"f')).toBe('a\\\\b\\;c\\,d\\:e\\"f');
    expect(
      encodeStaticData({
        kind: 'wifi',
        ssid: 'My;Net',
        password: 'p:ss"word',
        encryption: 'WPA',
        hidden: true,
      }),
    ).toBe('WIFI:T:WPA;S:My\\;Net;P:p\\:ss\\"word;H:true;;');
    expect(encodeStaticData({ kind: 'wifi', ssid: 'Open', encryption: 'nopass' })).toBe(
      'WIFI:T:nopass;S:Open;;',
    );
  });

  it('encodes a vCard 3.0 with escaping and CRLF lines', () => {
    expect(escapeVcard('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const card = encodeStaticData({
      kind: 'vcard',
      name: 'Ada King Lovelace',
      org: 'Engines, Ltd; London',
      phone: '+44 20 1234',
      email: 'ada@example.com',
      url: 'https://ada.example',
      address: "12 St James's Square\nLondon",
    });
    expect(card.split('\r\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Lovelace;Ada King;;;',
      'FN:Ada King Lovelace',
      'ORG:Engines\\, Ltd\\; London',
      'TEL:+44201234',
      'EMAIL:ada@example.com',
      'URL:https://ada.example',
      "ADR:;;12 St James's Square\\nLondon;;;;",
      'END:VCARD',
    ]);
    expect(encodeStaticData({ kind: 'vcard', name: 'Cher' }).split('\r\n')[2]).toBe('N:;Cher;;;');
  });

  it('encodes geo without exponents', () => {
    expect(encodeStaticData({ kind: 'geo', lat: 52.52, lng: 13.405 })).toBe('geo:52.52,13.405');
    expect(encodeStaticData({ kind: 'geo', lat: -0.00000001, lng: 1e-7 })).toBe('geo:0,0.0000001');
    expect(encodeStaticData({ kind: 'geo', lat: 10, lng: -120 })).toBe('geo:10,-120');
  });
});
