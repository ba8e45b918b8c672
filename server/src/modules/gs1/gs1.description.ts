import { GS1_LINKSET_CONTEXT, GS1_VOCABULARY } from './gs1.linkset.js';

/**
 * The resolver description file served at /.well-known/gs1resolver (GS1-Conformant Resolver
 * standard 1.2.0, section 3), valid against GS1's description-file schema 1.2.0. Pure: no I/O.
 */

export interface Gs1ResolverContact {
  fn?: string;
  hasAddress?: { streetAddress?: string; locality?: string; region?: string; 'postal-code'?: string };
  /** A tel: URI. */
  hasTelephone?: string;
}

export interface Gs1ResolverDescriptionInput {
  /** The origin the resolver answers at, e.g. 'https://id.brand.example' (a trailing slash is dropped). */
  resolverRoot: string;
  name: string;
  /** Numeric primary keys, or omitted for every one ("all"). */
  supportedPrimaryKeys?: string[];
  supportedContextValues?: string[];
  contact?: Gs1ResolverContact;
  extensionProfile?: string;
}

export interface Gs1ResolverDescription {
  name: string;
  resolverRoot: string;
  supportedPrimaryKeys: string[];
  supportedLinkType: Array<{ namespace: string; prefix: string }>;
  linkTypeDefaultCanBeLinkset: false;
  supportedContextValuesEnumerated?: string[];
  contact?: Gs1ResolverContact;
  extensionProfile?: string;
  jsonLdContextLocation: string;
}

/** The primary keys the description-file schema 1.2.0 lists (its enum); others are left out. */
const SCHEMA_PRIMARY_KEYS = new Set([
  '01',
  '8006',
  '8013',
  '8010',
  '410',
  '411',
  '412',
  '413',
  '414',
  '415',
  '417',
  '8017',
  '8018',
  '255',
  '00',
  '253',
  '401',
  '402',
  '8003',
  '8004',
]);

export function buildResolverDescription(input: Gs1ResolverDescriptionInput): Gs1ResolverDescription {
  const keys = input.supportedPrimaryKeys?.filter((key) => SCHEMA_PRIMARY_KEYS.has(key));
  return {
    name: input.name,
    resolverRoot: input.resolverRoot.replace(/\/+$/, ''),
    supportedPrimaryKeys: keys && keys.length > 0 ? keys : ['all'],
    supportedLinkType: [{ namespace: GS1_VOCABULARY, prefix: 'gs1:' }],
    linkTypeDefaultCanBeLinkset: false,
    ...(input.supportedContextValues && input.supportedContextValues.length > 0
      ? { supportedContextValuesEnumerated: input.supportedContextValues }
      : {}),
    ...(input.contact ? { contact: input.contact } : {}),
    ...(input.extensionProfile ? { extensionProfile: input.extensionProfile } : {}),
    jsonLdContextLocation: GS1_LINKSET_CONTEXT,
  };
}
