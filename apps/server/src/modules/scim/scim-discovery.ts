import type { FastifyInstance } from 'fastify';
import { ScimError } from './scim-errors';
import { MAX_COUNT, listResponse } from './scim-request';
import { GROUP_SCHEMA } from './scim-groups.service';
import { SCIM_ROUTE } from './scim-token';
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from './scim-user-resource';
import { scimBaseUrl } from './scim-connection';

// What an identity provider reads to learn what this service provider does (RFC 7644 §4; RFC 7643
// §5 ServiceProviderConfig, §6 ResourceTypes, §7 Schemas): PATCH, filters (at most MAX_COUNT results a
// page), ETags; no bulk, sort or password change; a bearer token. Nothing here is a company's, so these
// answer without a token (§4: authentication MAY be required, and a client reads the schemes here).

const SPC_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

type Attribute = Record<string, unknown>;

/** An attribute definition (RFC 7643 §7) with the defaults most attributes share. */
function attribute(name: string, type: string, options: Partial<Attribute> = {}): Attribute {
  return {
    name,
    type,
    multiValued: false,
    description: '',
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...options,
  };
}

const multiValued = (name: string, description: string, subAttributes: Attribute[], options: Partial<Attribute> = {}) =>
  attribute(name, 'complex', { multiValued: true, description, subAttributes, ...options });

const valueTypePrimary = (valueDescription: string) => [
  attribute('value', 'string', { description: valueDescription }),
  attribute('type', 'string', { description: 'A label: work, home, mobile, other' }),
  attribute('primary', 'boolean', { description: 'The one this person is reached at first' }),
];

const USER_ATTRIBUTES: Attribute[] = [
  attribute('userName', 'string', {
    required: true,
    uniqueness: 'server',
    description: 'Unique within the connection, compared without case',
  }),
  attribute('name', 'complex', {
    description: "The person's names: givenName is the first name, familyName the last name",
    subAttributes: [
      attribute('formatted', 'string'),
      attribute('familyName', 'string'),
      attribute('givenName', 'string'),
      attribute('middleName', 'string'),
    ],
  }),
  attribute('displayName', 'string', { description: 'Split into first and last name when name is not given' }),
  attribute('active', 'boolean', { description: 'false archives the person, true restores them' }),
  multiValued('emails', 'The primary (else the first) is the person’s email', valueTypePrimary('An email address')),
  multiValued(
    'phoneNumbers',
    'The primary (else the mobile, else the first) is the person’s phone; international form (+971…) keeps the country code',
    valueTypePrimary('A phone number'),
  ),
  multiValued(
    'groups',
    'The groups the user is in (changed through the groups)',
    [
      attribute('value', 'string', { mutability: 'readOnly' }),
      attribute('$ref', 'reference', { mutability: 'readOnly', referenceTypes: ['Group'] }),
      attribute('display', 'string', { mutability: 'readOnly' }),
    ],
    { mutability: 'readOnly' },
  ),
];

const ENTERPRISE_ATTRIBUTES: Attribute[] = [
  attribute('employeeNumber', 'string', { description: "The person's id number" }),
  attribute('department', 'string', { description: "The person's department, by name (made when missing)" }),
];

const GROUP_ATTRIBUTES: Attribute[] = [
  attribute('displayName', 'string', { required: true }),
  multiValued('members', 'Users of this connection', [
    attribute('value', 'string', { mutability: 'immutable' }),
    attribute('$ref', 'reference', { mutability: 'immutable', referenceTypes: ['User'] }),
    attribute('display', 'string', { mutability: 'readOnly' }),
    attribute('type', 'string', { mutability: 'immutable', canonicalValues: ['User'] }),
  ]),
];

function schemaDocument(id: string, name: string, description: string, attributes: Attribute[], base: string) {
  return {
    schemas: [SCHEMA_SCHEMA],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${id}` },
  };
}

export function schemaDocuments(base: string) {
  return [
    schemaDocument(USER_SCHEMA, 'User', 'A person of the company', USER_ATTRIBUTES, base),
    schemaDocument(ENTERPRISE_SCHEMA, 'EnterpriseUser', 'Enterprise user', ENTERPRISE_ATTRIBUTES, base),
    schemaDocument(GROUP_SCHEMA, 'Group', 'A group of users, which may stand for a user type', GROUP_ATTRIBUTES, base),
  ];
}

export function resourceTypeDocuments(base: string) {
  return [
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A person of the company',
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A group of users',
      schema: GROUP_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ];
}

export function serviceProviderConfig(base: string) {
  return {
    schemas: [SPC_SCHEMA],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_COUNT },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: "The connection's token, shown once when the SCIM integration is made, as Authorization: Bearer",
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

const byId = <T extends { id: string }>(list: T[], id: string, kind: string): T => {
  const found = list.find((d) => d.id.toLowerCase() === id.toLowerCase());
  if (!found) throw new ScimError(404, null, `${kind} ${JSON.stringify(id)} not found`);
  return found;
};

export async function scimDiscoveryRoutes(app: FastifyInstance) {
  const config = SCIM_ROUTE;
  const schema = { hide: true };
  app.get('/ServiceProviderConfig', { config, schema }, async () => serviceProviderConfig(scimBaseUrl(app)));
  app.get('/ResourceTypes', { config, schema }, async () => {
    const list = resourceTypeDocuments(scimBaseUrl(app));
    return listResponse(list, list.length, 1);
  });
  app.get<{ Params: { id: string } }>('/ResourceTypes/:id', { config, schema }, async (req) =>
    byId(resourceTypeDocuments(scimBaseUrl(app)), req.params.id, 'ResourceType'),
  );
  app.get('/Schemas', { config, schema }, async () => {
    const list = schemaDocuments(scimBaseUrl(app));
    return listResponse(list, list.length, 1);
  });
  app.get<{ Params: { id: string } }>('/Schemas/:id', { config, schema }, async (req) =>
    byId(schemaDocuments(scimBaseUrl(app)), req.params.id, 'Schema'),
  );
}
