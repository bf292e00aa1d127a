import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSiteSettings } from '../../lambdas/config.js';
import { contactDescription } from '../../lambdas/schema/contact-description.js';
import { openApiDocument } from '../../lambdas/schema/openapi.js';
import { askPython, describeWithPython, runCommand } from '../support/interop-tools.js';

/*
 * docs/api.md §13: both documents read clean in the tools agents and developers use. The OpenAPI
 * document passes openapi-spec-validator, Spectral's `oas` ruleset and Redocly's recommended one;
 * each schema in either document is a Draft 2020-12 schema to Python's jsonschema. Both as an
 * owner's deployment serves them and as local mode does, where the one remaining finding is
 * Redocly's warning on a localhost server (explained in §13). A document as first published
 * (`\p{…}` patterns, no `security`) fails each tool, so that a pass means something.
 */

type Json = Record<string, any>;

const asJson = <T>(value: T): Json => JSON.parse(JSON.stringify(value)) as Json;

const SITES = {
  deployed: readSiteSettings({ BASE_URL: 'https://ada.example.org', SITE_NAME: "Ada's workshop" }),
  local: readSiteSettings({ BASE_URL: 'http://localhost:3000' }),
};
const documents = {
  deployed: { openApi: asJson(openApiDocument(SITES.deployed)), contact: asJson(contactDescription(SITES.deployed)) },
  local: { openApi: asJson(openApiDocument(SITES.local)), contact: asJson(contactDescription(SITES.local)) },
};

/** The document as first published, before docs/api.md §3's subset: a `\p{Cc}` pattern, and no `security`. */
function asFirstPublished(openApi: Json): Json {
  const { security: _security, ...document } = structuredClone(openApi);
  document.components.schemas.Inquiry.properties.name.allOf[1].pattern = '^[^\\p{Cc}\\p{Cs}]*$';
  return document;
}
const firstPublished = asFirstPublished(documents.deployed.openApi);

/** Every schema either document holds: the contact description's request schema and the OpenAPI document's components. */
function schemasOf({ openApi, contact }: { openApi: Json; contact: Json }): Record<string, Json> {
  return {
    requestSchema: contact.requestSchema,
    ...Object.fromEntries(Object.entries(openApi.components.schemas as Json).map(([name, schema]) => [`components/${name}`, schema])),
  };
}

/** The findings of one lint, reduced to what a reader acts on. */
interface Finding {
  readonly rule: string;
  readonly severity: string;
  readonly at: string;
}

let folder: string;
const fileOf = (name: string) => join(folder, `${name}.json`);

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'published-documents-'));
  writeFileSync(fileOf('deployed'), JSON.stringify(documents.deployed.openApi));
  writeFileSync(fileOf('local'), JSON.stringify(documents.local.openApi));
  writeFileSync(fileOf('first-published'), JSON.stringify(firstPublished));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const FILES = ['deployed', 'local', 'first-published'] as const;
const SPECTRAL_SEVERITIES = ['error', 'warn', 'info', 'hint'];

describe('Spectral, oas ruleset', () => {
  let findings: Record<string, Finding[]>;

  beforeAll(async () => {
    const { stdout } = await runCommand('node_modules/.bin/spectral', ['lint', '--ruleset', 'test/interop/spectral.yaml', '--format', 'json', '--quiet', ...FILES.map(fileOf)]);
    const results = JSON.parse(stdout) as Array<{ code: string; severity: number; path: string[]; source: string }>;
    findings = Object.fromEntries(
      FILES.map((name) => [
        name,
        results.filter((result) => result.source === fileOf(name)).map((result) => ({ rule: result.code, severity: SPECTRAL_SEVERITIES[result.severity]!, at: result.path.join('.') })),
      ]),
    );
  }, 120_000);

  it('finds nothing in the document as deployed or as local mode serves it', () => {
    expect({ deployed: findings.deployed, local: findings.local }).toEqual({ deployed: [], local: [] });
  });

  it('refused the document as first published: its own examples failed the \\p{Cc} read without the u flag', () => {
    expect(findings['first-published']).toContainEqual(expect.objectContaining({ rule: 'oas3-valid-media-example', severity: 'error' }));
  });
});

describe('Redocly, recommended ruleset', () => {
  let findings: Record<string, Finding[]>;

  // One run per document: with several, Redocly writes one JSON object after another.
  const lint = async (name: string): Promise<Finding[]> => {
    const { stdout } = await runCommand('node_modules/.bin/redocly', ['lint', '--extends=recommended', '--format=json', fileOf(name)], '', {
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    });
    const { problems } = JSON.parse(stdout) as { problems: Array<{ ruleId: string; severity: string; location: Array<{ pointer: string }> }> };
    return problems.map((problem) => ({ rule: problem.ruleId, severity: problem.severity, at: problem.location[0]?.pointer ?? '' }));
  };

  beforeAll(async () => {
    findings = Object.fromEntries(await Promise.all(FILES.map(async (name) => [name, await lint(name)] as const)));
  }, 120_000);

  it('finds nothing in the document as deployed', () => {
    expect(findings.deployed).toEqual([]);
  });

  it('warns only of the localhost server in the document local mode serves, which is where local mode answers', () => {
    expect(findings.local).toEqual([{ rule: 'no-server-example.com', severity: 'warn', at: '#/servers/0/url' }]);
  });

  it('refused the document as first published: operations without security', () => {
    expect(findings['first-published']).toContainEqual(expect.objectContaining({ rule: 'security-defined', severity: 'error' }));
  });
});

const openApiValidator = describeWithPython(
  'openapi_spec_validator',
  'it comes with Python on these machines (pip, from PyPI; Debian has no package of it), or set PYTHON to an interpreter that has it.',
);

openApiValidator.describe('openapi-spec-validator', () => {
  let errors: Record<string, Array<{ message: string; at: string }>>;

  beforeAll(async () => {
    ({ errors } = await askPython<{ errors: typeof errors }>(openApiValidator.python, 'openapi_spec_errors.py', {
      deployed: documents.deployed.openApi,
      local: documents.local.openApi,
      'first-published': firstPublished,
    }));
  }, 120_000);

  it('finds no error in the document as deployed or as local mode serves it', () => {
    expect({ deployed: errors.deployed, local: errors.local }).toEqual({ deployed: [], local: [] });
  });

  it('refused the document as first published: \\p{…} is not a regular expression to Python', () => {
    expect(errors['first-published']).toContainEqual({ message: "'^[^\\\\p{Cc}\\\\p{Cs}]*$' is not a 'regex'", at: expect.any(String) });
  });
});

const jsonSchema = describeWithPython('jsonschema', 'install it with "sudo apt-get install python3-jsonschema", or set PYTHON to an interpreter that has it.');

jsonSchema.describe('Python jsonschema: each published schema is a Draft 2020-12 schema', () => {
  const schemas = {
    ...prefixed('deployed', schemasOf(documents.deployed)),
    ...prefixed('local', schemasOf(documents.local)),
    'first-published/requestSchema': firstPublished.components.schemas.Inquiry,
  };
  let schemaErrors: Record<string, string | null>;

  beforeAll(async () => {
    ({ schemaErrors } = await askPython<{ schemaErrors: typeof schemaErrors }>(jsonSchema.python, 'jsonschema_verdicts.py', {
      schemas,
      verdicts: {},
      cases: [],
      sweeps: [],
    }));
  }, 120_000);

  it.each(['deployed', 'local'])('in the documents as %s', (where) => {
    const checked = Object.entries(schemaErrors).filter(([name]) => name.startsWith(`${where}/`));

    expect(checked.map(([name]) => name)).toEqual(Object.keys(schemas).filter((name) => name.startsWith(`${where}/`)));
    expect(checked.filter(([, error]) => error !== null)).toEqual([]);
  });

  it('refused the request schema as first published: \\p is not a regular expression to Python', () => {
    expect(schemaErrors['first-published/requestSchema']).toContain("is not a 'regex'");
  });
});

function prefixed(prefix: string, entries: Record<string, Json>): Record<string, Json> {
  return Object.fromEntries(Object.entries(entries).map(([name, value]) => [`${prefix}/${name}`, value]));
}
