import { afterEach } from 'vitest';
import { contractViolations } from '../plugins/openapi-contract';

/**
 * Every API test is a contract check: an answer whose status or JSON body its route's OpenAPI
 * description does not list (plugins/openapi-contract.ts) fails the test that caused it.
 */
afterEach(() => {
  const found = contractViolations.splice(0);
  if (found.length > 0) {
    throw new Error(`Respuestas que el documento OpenAPI no describe:\n${found.join('\n')}`);
  }
});
