import type { Command } from 'commander';

/** The selection flags `run`, `doctor` and `list` share. */
export function selectionOptions(command: Command): Command {
  return command
    .option('--suite <name...>', 'only these suites (comma-separated or repeated)')
    .option('--rule <id...>', 'only these rules: ids or globs such as feed.get-limit-* (comma-separated)')
    .option('--exclude <id...>', 'leave out rules: ids, globs or suite names (comma-separated)')
    .option('--endpoint <endpoint...>', 'only rules that send to it, e.g. "POST /{page_id}/feed" (repeatable)')
    .option('--area <name...>', 'only rules that send to these areas, whatever their suite (sweeps, errors.*, conventions.* included): feed, photos, comments, ...')
    .option('--shard <i/n>', 'the i-th of n stable parts of the selection, split by rule id')
    .option('--suites-dir <dir>', 'folder of suite YAML files (default: the suites shipped with graphcheck)');
}

/** Where a live run may go besides the profile's origins, and where its own servers listen: `run` and `doctor`. */
export function originOptions(command: Command): Command {
  return command
    .option('--allow-origin <url...>', 'let requests and tokens go to this origin too (repeatable): a link or served profile may lead there')
    .option('--receiver-host <address>', "where the run's webhook receiver and content host listen (over the profile's receiver_host)");
}
