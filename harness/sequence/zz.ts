import { x } from '../engine/run-rule.js';
