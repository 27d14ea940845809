#!/usr/bin/env node
// The graphcheck process: one command line through `main`, on the process's own streams.
import { main } from './main.js';

// A reader that stops early (`graphcheck list | head`) closes the pipe: what is left to print has nobody to read it,
// while the run goes on to write its report files and exit with its own code.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: process.stdout.isTTY === true,
});
