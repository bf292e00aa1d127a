/**
 * The bare name of a site served at `www.` alone (`example.com` for `www.example.com`), which no
 * record of the stack's serves unless it is the domain's other name (redirectDomainName): synth's
 * steps and `npm run verify` name it. None for any other name (`blog.example.com`, `www.de`).
 */
export function bareNameOf(hostname: string): string | undefined {
  return hostname.startsWith('www.') && hostname.split('.').length > 2 ? hostname.slice(4) : undefined;
}
