import { describe } from 'vitest';
import { itFailsItsRules } from './fault-matrix.js';

describe('every fault of the reference that a type word rules out makes the rules docs/fault-matrix.md lists fail', () => {
  itFailsItsRules('type-words');
});
