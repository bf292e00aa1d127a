import { describe, expect, it } from '@jest/globals';
import { readVerifyOptions, VerifyUsageError } from '../../../bin/verify/verify-options.js';

/* npm run verify's command line (docs/verify.md): what it runs, and one line for what it cannot. */

describe('readVerifyOptions', () => {
  it('checks the deployment by default, in a region when named', () => {
    expect(readVerifyOptions([])).toEqual({ sendTest: false, help: false });
    expect(readVerifyOptions(['--region', 'eu-west-1', '--send-test'])).toEqual({ region: 'eu-west-1', sendTest: true, help: false });
  });

  it('takes a site origin for the HTTP checks alone, with local mode\'s DynamoDB', () => {
    expect(readVerifyOptions(['--url', 'http://localhost:3000/', '--endpoint', 'http://127.0.0.1:8000', '--send-test'])).toEqual({
      url: new URL('http://localhost:3000'),
      endpoint: 'http://127.0.0.1:8000',
      sendTest: true,
      help: false,
    });
  });

  it.each([
    [['--url', 'http://localhost:3000/contact'], /--url must be the site's origin/],
    [['--url', 'ftp://example.com'], /--url must be the site's origin/],
    [['--url', 'https://user:secret@example.com'], /--url must be the site's origin/],
    [['--endpoint', 'http://127.0.0.1:8000'], /--endpoint goes with --url/],
    [['--url', 'http://localhost:3000', '--region', 'eu-west-1'], /--region goes without --url/],
    [['--url', 'http://localhost:3000', '--send-test'], /add local mode's --endpoint/],
    [['--url', 'http://localhost:3000', '--endpoint', 'dynamo'], /--endpoint must be an http\(s\) URL/],
    [['--stack', 'Other'], /Unknown option '--stack' \(npm run verify -- --help\)/],
  ])('refuses %j in one line', (args, message) => {
    expect(() => readVerifyOptions(args)).toThrow(VerifyUsageError);
    expect(() => readVerifyOptions(args)).toThrow(message);
  });
});
