// Writes a child process's output line by line with a tag before each line, so the logs of processes
// that run at once (browser-test shards, Vitest beside them) stay readable when interleaved.

/** Copies `stream` to `out`, each line tagged with `tag`; a last line without its newline included. */
export function tagLines(stream, out, tag) {
  // Decoded as a stream: a character split between two chunks (Vitest's check mark) stays whole.
  stream.setEncoding('utf8');
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`${tag} ${line}\n`);
  });
  stream.on('end', () => rest && out.write(`${tag} ${rest}\n`));
}
