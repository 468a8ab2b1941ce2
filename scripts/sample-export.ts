// `npm run sample-export -- FOLDER [--tickets N] [--seed N]`: writes FOLDER/export.json and
// FOLDER/files/ in the previous system's shape, broken records included, to try
// `npm run import -- --from FOLDER/export.json --files FOLDER/files --dry-run` with.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { makeSampleExport } from '../src/server/import/sample-export';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { tickets: { type: 'string', default: '200' }, seed: { type: 'string', default: '21' } },
});
const folder = positionals[0];
if (!folder) {
  process.stderr.write('Укажите папку: npm run sample-export -- ПАПКА [--tickets N] [--seed N]\n');
  process.exit(2);
}
const tickets = Number(values.tickets);
const sample = makeSampleExport(
  Number(values.seed),
  { users: 6, clients: Math.ceil(tickets / 2), tickets, tasks: Math.ceil(tickets / 2) },
  path.join(folder, 'files'),
);
fs.mkdirSync(folder, { recursive: true });
fs.writeFileSync(path.join(folder, 'export.json'), JSON.stringify(sample.json, null, 1));
process.stdout.write(
  `Готово: ${path.join(folder, 'export.json')} и ${sample.files} файлов в ${path.join(folder, 'files')}\n`,
);
