import { CONTACT_TIMEOUT_SECONDS } from './contact/time-budget.js';

/** Seconds a function may run when it does no I/O: building a page or a document takes milliseconds. */
const NO_IO_TIMEOUT_SECONDS = 5;

/** Each handler's function timeout; the stack sets it and the local server plays it. */
export function functionTimeoutSeconds(handlerName: string): number {
  return handlerName === 'contact' ? CONTACT_TIMEOUT_SECONDS : NO_IO_TIMEOUT_SECONDS;
}
