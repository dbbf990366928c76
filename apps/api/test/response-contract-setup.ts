import { afterAll, afterEach } from 'vitest';
import { takeViolations } from './response-contract';

/** A response that drifts from the OpenAPI document fails the test that received it (or the file, if set-up). */
const failOnDrift = () => {
  const found = takeViolations();
  if (found.length > 0) {
    throw new Error(`Responses drift from the OpenAPI document (/api/docs):\n- ${found.join('\n- ')}`);
  }
};
afterEach(failOnDrift);
afterAll(failOnDrift);
