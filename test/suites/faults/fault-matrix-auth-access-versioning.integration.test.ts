import { describe } from 'vitest';
import { itFailsItsRules } from './fault-matrix.js';

describe('every fault of the reference that breaks authorization, access and versioning makes the rules docs/fault-matrix.md lists fail', () => {
  itFailsItsRules('auth-access-versioning');
});
