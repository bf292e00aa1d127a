import { disabledRegistrationService } from './disabled-registration-service.js';
import type { RegistrationService } from './registration-service.js';

/**
 * The registration service behind the reserved routes, created once per cold start: the disabled
 * one until registration opens. A real service (its settings and clients) is wired in here.
 */
export function createRegistrationService(): RegistrationService {
  return disabledRegistrationService;
}
