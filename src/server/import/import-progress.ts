// The import's progress: a bar redrawn in place on a terminal; on anything else (a log, a pipe)
// a line each tenth of the way, so the output stays readable.
export function progressPrinter(stream: NodeJS.WriteStream, label: string) {
  let lastTenth = -1;
  let lastDraw = 0;
  return {
    update(done: number, total: number) {
      const share = total === 0 ? 1 : done / total;
      if (stream.isTTY) {
        const now = Date.now();
        if (done !== total && now - lastDraw < 100) return;
        lastDraw = now;
        const width = 30;
        const filled = Math.round(share * width);
        stream.write(
          `\r${label} [${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${Math.floor(share * 100)}% ${done}/${total}`,
        );
        if (done === total) stream.write('\n');
        return;
      }
      const tenth = Math.floor(share * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      stream.write(`${label}: ${done} из ${total}\n`);
    },
  };
}
