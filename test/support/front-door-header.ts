import {
  formatAcceptedOriginValues,
  originValueDigest,
  originVerifier,
  parseAcceptedOriginValues,
  type OriginVerifier,
} from '../../lambdas/http/origin-verify.js';

/** The header value a test's front door sends. */
export const FRONT_DOOR_HEADER = 'front-door-secret-of-this-deployment';

/** What the stack gives the functions of it (ORIGIN_VERIFY_DIGESTS): its digest alone. */
export const FRONT_DOOR_DIGESTS = formatAcceptedOriginValues([{ digestHex: originValueDigest(FRONT_DOOR_HEADER) }]);

/** The functions' check of that header. */
export const FRONT_DOOR: OriginVerifier = originVerifier(parseAcceptedOriginValues(FRONT_DOOR_DIGESTS));
