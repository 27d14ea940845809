/** A "not shown" reading (readings.md, table A): the spec text it reads and what a suite must not assert. */
export interface NotShownReading {
  id: string;
  text: string;
  mustNotAssert: string;
}

/** The readings file's numbered readings: `NS-01`.. with their spec text, and every `R1`.. that exists. */
export interface Readings {
  notShown: NotShownReading[];
  ids: Set<string>;
}

/** Reads the tables of `readings.md`: rows `| NS-01 | "spec text" (section) | must not assert | ... |` and `| R5 | ...`. */
export function parseReadings(markdown: string): Readings {
  const notShown: NotShownReading[] = [];
  const ids = new Set<string>();
  for (const line of markdown.split(/\r?\n/)) {
    const cells = line.split('|').map((c) => c.trim());
    const id = cells[1] ?? '';
    if (!line.startsWith('|') || !/^(NS-\d+|R\d+)$/.test(id)) continue;
    ids.add(id);
    const quoted = /^"(.+)"/.exec(cells[2] ?? '')?.[1];
    if (id.startsWith('NS-') && quoted) notShown.push({ id, text: quoted, mustNotAssert: cells[3] ?? '' });
  }
  return { notShown, ids };
}
