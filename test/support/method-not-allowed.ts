import { expect } from '@jest/globals';
import { send } from './http-client.js';

/** Sends each method to its path and expects the contract's 405 problem with that `Allow` (docs/api.md §1). */
export async function expectMethodNotAllowed(
  apiUrl: string,
  cases: ReadonlyArray<readonly [method: string, path: string, allow: string]>,
): Promise<void> {
  for (const [method, path, allow] of cases) {
    // Node's client frames a body only for POST and PUT; for the others it would send unframed bytes.
    const response = await send(`${apiUrl}${path}`, { method, body: ['POST', 'PUT'].includes(method) ? '{}' : undefined });
    expect({ method, path, status: response.status, allow: response.headers.allow }).toEqual({ method, path, status: 405, allow });
    expect(response.json()).toMatchObject({ status: 405, code: 'method_not_allowed' });
  }
}
