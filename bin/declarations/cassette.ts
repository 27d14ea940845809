import type { Command } from 'commander';
import { type CommandContext, processContext } from '../command-context.js';

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** `graphcheck cassette import|export|redact`: their flags; the cassette code loads when one is called. */
export function register(program: Command, cx: CommandContext = processContext()): void {
  const print = (line: string) => cx.stdout(`${line}\n`);
  const warn = (line: string) => cx.stderr(`${line}\n`);
  const commands = () => import('../commands/cassette.js');
  const cassette = program.command('cassette').description('convert and maintain cassettes');
  cassette
    .command('import <file>')
    .description('convert a HAR 1.2 file or a VCR / vcrpy YAML cassette into a graphcheck cassette')
    .option('--out <file>', 'cassette to write (default: FILE.cassette.yml)')
    .option('--no-redact', 'keep secrets as they are in the input')
    .option('--app-secret <secret>', 'also redact this app secret')
    .action(async (file: string, options: { out?: string; redact: boolean; appSecret?: string }) =>
      (await commands()).importCommand(cx.path(file), cx.paths(options, ['out']), print, warn),
    );
  cassette
    .command('export <file>')
    .description('write a cassette in another format')
    .option('--har', 'as HAR 1.2 (browser devtools, Polly.js, mitmproxy can read it)')
    .option('--out <file>', 'file to write (default: FILE.har)')
    .action(async (file: string, options: { har?: boolean; out?: string }) =>
      (await commands()).exportCommand(cx.path(file), cx.paths(options, ['out']), print),
    );
  cassette
    .command('redact <file>')
    .description('re-apply the redaction rules to an existing cassette, in place')
    .option('--app-secret <secret>', 'also redact this app secret')
    .option('--secret <value>', 'also redact this value (repeatable)', collect)
    .action(async (file: string, options: { appSecret?: string; secret?: string[] }) =>
      (await commands()).redactCommand(cx.path(file), options, print),
    );
}
