// The soak's section of bench/results/latest.md, from bench/results/soak.json (npm run bench:soak).

/** Markdown lines reporting one soak run. */
export function soakSection(soak, mark) {
  const lines = [
    `## Memory (\`npm run bench:soak\`: ${soak.requests} database-backed requests against \`npm start\`'s stack)`,
    '',
    `Run on ${soak.date.slice(0, 10)}, ${soak.machine}; load average ${soak.load.join(', ')} at the end (the machine is shared). Autocannon, ${soak.connections} connections, after ${soak.warmUp} warm-up requests: the public post list (pages 1 and 2), one post by slug and a view counted, through the edge server; handlers from source and DynamoDB on disk, as \`npm start\` runs them. RSS of the stack's process (/proc/<pid>/status).`,
    '',
    '| requests done | RSS MB | req/s in the round |',
    '|---|---|---|',
    `| 0 (before, after warm-up) | ${soak.rssMb.before} | — |`,
    ...soak.rounds.map((r) => `| ${r.requests} | ${r.rssMb} | ${r.rps} |`),
    `| ${soak.requests} + 10 s idle (after) | ${soak.rssMb.after} | — |`,
    '',
    '| target | figure | result |',
    '|---|---|---|',
    `| memory levels off: RSS growth over the second half of the rounds ≤ ${soak.target.kbPerRequest} KB per request (the leak grew ~80 KB per request) | ${soak.secondHalfKbPerRequest} KB per request; ${soak.rssMb.before} MB before, ${soak.rssMb.peak} MB at peak, ${soak.rssMb.after} MB after | ${mark(soak.levelsOff)} |`,
    `| every request answered | ${soak.errors} errors, ${soak.non2xx} non-2xx in ${soak.seconds} s | ${mark(soak.errors === 0 && soak.non2xx === 0)} |`,
    '',
  ];
  return lines;
}
