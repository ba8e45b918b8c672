import { describe, expect, it } from 'vitest';
import { schemaErrors, validateGs1Description } from '../../../test/helpers/gs1-fixtures.js';
import { buildResolverDescription } from './gs1.description.js';

describe('the resolver description file', () => {
  it('validates against the description-file schema', () => {
    const description = buildResolverDescription({
      resolverRoot: 'https://id.brand.example/',
      name: 'Brand resolver (RQ Codes)',
      supportedContextValues: ['MX', 'US'],
      contact: { fn: 'Brand Ltd', hasAddress: { locality: 'Brussels' }, hasTelephone: 'tel:+32-2-000-0000' },
    });
    expect(schemaErrors(validateGs1Description, description)).toEqual([]);
    expect(description).toMatchObject({
      resolverRoot: 'https://id.brand.example',
      supportedPrimaryKeys: ['all'],
      supportedLinkType: [{ namespace: 'https://gs1.org/voc/', prefix: 'gs1:' }],
      jsonLdContextLocation: 'https://ref.gs1.org/standards/resolver/linkset-context',
    });
    expect(
      buildResolverDescription({
        resolverRoot: 'https://r.example',
        name: 'R',
        supportedPrimaryKeys: ['01', '8004', '99'],
      }).supportedPrimaryKeys,
    ).toEqual(['01', '8004']);
    expect(
      schemaErrors(validateGs1Description, {
        resolverRoot: 'https://r.example',
        supportedPrimaryKeys: ['01x'],
      }),
    ).not.toEqual([]);
  });
});
