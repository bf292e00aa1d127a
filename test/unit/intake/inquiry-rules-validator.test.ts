import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { INQUIRY_VALIDATOR_FILE, inquiryValidatorCode } from '../../../lib/api/inquiry-validator-code.js';

describe('the validator generated from the schema', () => {
  it('is checked in as the build generates it from the current rules', () => {
    const checkedIn = readFileSync(INQUIRY_VALIDATOR_FILE, 'utf8');

    expect(checkedIn === inquiryValidatorCode() ? 'up to date' : 'stale: run `npm run generate`').toBe('up to date');
  });

  it('imports only Ajv\u2019s runtime helpers, never its compiler', () => {
    const imports = [...inquiryValidatorCode().matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);

    expect(imports).toEqual(['ajv/dist/runtime/ucs2length.js']);
  });
});
