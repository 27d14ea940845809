import type { Command } from 'commander';
import { type CommandContext, processContext } from '../command-context.js';
import type { ServeFlags } from '../commands/serve-reference.js';

/** `graphcheck serve-reference`: its flags; the reference (bin/commands/serve-reference.ts) loads when called. */
export function register(program: Command, cx: CommandContext = processContext()): void {
  program
    .command('serve-reference')
    .description('start the reference target on its own, print its address and write its profile')
    .option('--port <port>', 'port to listen on (0: a free port)', '0')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--fault <name...>', 'turn on fault switches (comma-separated)')
    .option('--profile-out <file>', 'where to write the profile', 'reports/reference-profile.json')
    .option('--list-faults', 'list the fault switches and exit')
    .option('--fixtures <set>', 'full (seeded posts, photos, comments, templates) or empty', 'full')
    // The default is the reference's DEFAULT_MAX_SESSIONS, written out: a declaration loads no reference code.
    .option('--max-sessions <n>', 'sessions live at once (contract 2.1); at the limit POST /sessions answers 429; 0: no sessions (default: 32)')
    .option('--public-url <url>', 'the origin clients reach it at (a proxy in front of it): named in its profile and every link it hands out')
    .option('--media-port <port>', 'serve pictures and photo files from a second origin on this port (0: a free one), as a CDN would')
    .action(async (flags: ServeFlags) => {
      const { serveReferenceCommand } = await import('../commands/serve-reference.js');
      await serveReferenceCommand(cx.paths(flags, ['profileOut']), cx);
    });
}
