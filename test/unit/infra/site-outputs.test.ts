import { describe, expect, it } from '@jest/globals';
import { formPageLoadsOutput, MAX_FORM_PAGE_LOADS_BYTES, NO_FORM_PAGE_LOADS, readFormPageLoads } from '../../../lib/site-outputs.js';

/* The FormPageLoads output: what the deployed contact pages load, which npm run publish keeps till the next deploy. */

describe('formPageLoadsOutput and readFormPageLoads', () => {
  it('name each file the pages load once, by its key, and read back as written', () => {
    const { value: output, left } = formPageLoadsOutput([{ subresources: ['/_astro/index.C3x.css', '/contact-form.js'] }, { subresources: ['/contact-form.js', '/fr/caf%C3%A9.css'] }]);
    expect({ output, left }).toEqual({ output: JSON.stringify(['_astro/index.C3x.css', 'contact-form.js', 'fr/café.css']), left: 0 });
    expect([...readFormPageLoads(output)]).toEqual(['_astro/index.C3x.css', 'contact-form.js', 'fr/café.css']);
  });

  it('are none, never empty, for pages that load nothing, and a malformed escape is kept as written', () => {
    expect(formPageLoadsOutput([]).value).toBe(NO_FORM_PAGE_LOADS);
    expect(formPageLoadsOutput([{ subresources: [] }]).value).toBe(NO_FORM_PAGE_LOADS);
    expect(formPageLoadsOutput([{ subresources: ['/a%E0.css'] }]).value).toBe(JSON.stringify(['a%E0.css']));
  });

  it('stay within their bound in bytes, the first files that fit, saying how many are left out', () => {
    const many = Array.from({ length: 200 }, (_, index) => `/assets/%C3%A9t%C3%A9-a-rather-long-name-of-a-hashed-chunk-${index}.js`);
    const { value, left } = formPageLoadsOutput([{ subresources: many }]);
    expect(Buffer.byteLength(value)).toBeLessThanOrEqual(MAX_FORM_PAGE_LOADS_BYTES);
    const kept = [...readFormPageLoads(value)];
    expect(kept).toEqual(many.slice(0, kept.length).map((path) => decodeURIComponent(path.slice(1))));
    expect({ some: kept.length > 10, left }).toEqual({ some: true, left: many.length - kept.length });
  });

  it('read nothing from a deployment made before the output, or from what is no list of keys', () => {
    for (const output of [undefined, NO_FORM_PAGE_LOADS, 'not json', '{"a":1}', '[1, "b.css"]']) {
      expect({ output, keys: [...readFormPageLoads(output)] }).toEqual({ output, keys: output === '[1, "b.css"]' ? ['b.css'] : [] });
    }
  });
});
