import { describe, expect, it } from '@jest/globals';
import { formPageLoadsOutput, NO_FORM_PAGE_LOADS, readFormPageLoads } from '../../../lib/site-outputs.js';

/* The FormPageLoads output: what the deployed contact pages load, which npm run publish keeps till the next deploy. */

describe('formPageLoadsOutput and readFormPageLoads', () => {
  it('name each file the pages load once, by its key, and read back as written', () => {
    const output = formPageLoadsOutput([{ subresources: ['/_astro/index.C3x.css', '/contact-form.js'] }, { subresources: ['/contact-form.js', '/fr/caf%C3%A9.css'] }]);
    expect(output).toBe(JSON.stringify(['_astro/index.C3x.css', 'contact-form.js', 'fr/café.css']));
    expect([...readFormPageLoads(output)]).toEqual(['_astro/index.C3x.css', 'contact-form.js', 'fr/café.css']);
  });

  it('are none, never empty, for pages that load nothing, and a malformed escape is kept as written', () => {
    expect(formPageLoadsOutput([])).toBe(NO_FORM_PAGE_LOADS);
    expect(formPageLoadsOutput([{ subresources: [] }])).toBe(NO_FORM_PAGE_LOADS);
    expect(formPageLoadsOutput([{ subresources: ['/a%E0.css'] }])).toBe(JSON.stringify(['a%E0.css']));
  });

  it('stay within what CloudFormation takes of an output, the first files that fit', () => {
    const many = Array.from({ length: 200 }, (_, index) => `/assets/a-rather-long-name-of-a-hashed-chunk-${index}.js`);
    const output = formPageLoadsOutput([{ subresources: many }]);
    expect(output.length).toBeLessThanOrEqual(2048);
    const kept = [...readFormPageLoads(output)];
    expect(kept).toEqual(many.slice(0, kept.length).map((path) => path.slice(1)));
    expect(kept.length).toBeGreaterThan(10);
  });

  it('read nothing from a deployment made before the output, or from what is no list of keys', () => {
    for (const output of [undefined, NO_FORM_PAGE_LOADS, 'not json', '{"a":1}', '[1, "b.css"]']) {
      expect({ output, keys: [...readFormPageLoads(output)] }).toEqual({ output, keys: output === '[1, "b.css"]' ? ['b.css'] : [] });
    }
  });
});
