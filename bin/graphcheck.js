#!/usr/bin/env node
// graphcheck from its TypeScript sources, through tsx (a development dependency): what the project's tests spawn
// and what a clone runs before `npm run build`. The package's own command is the compiled dist/bin/cli.js.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
