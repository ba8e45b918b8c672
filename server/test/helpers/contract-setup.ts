import { afterEach } from 'vitest';
import { takeContractViolations } from './openapi-contract.js';

// A test whose answers broke the OpenAPI document fails, naming each answer (openapi-contract.ts).
afterEach(() => {
  const violations = takeContractViolations();
  if (violations.length > 0) {
    throw new Error(`answers that the OpenAPI document does not describe:\n${violations.join('\n')}`);
  }
});
