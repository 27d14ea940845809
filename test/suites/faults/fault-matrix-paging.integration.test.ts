import { describe } from 'vitest';
import { itFailsItsRules } from './fault-matrix.js';

describe('every fault of the reference that breaks a list walk makes the rules docs/fault-matrix.md lists fail', () => {
  itFailsItsRules('paging');
});
