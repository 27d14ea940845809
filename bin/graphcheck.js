#!/usr/bin/env node
// Registers tsx relative to this file, so `npx graphcheck` works from any directory.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
