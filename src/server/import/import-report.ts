// The report `npm run import` prints: per kind what was found, added, already here and left
// out; the files; then every record left out and every one that came in with a loss, each
// with its reason, in Russian.
import type { ImportKind } from './legacy-export';
import type { ImportReport } from './run-import';

const KIND_TITLES: Record<ImportKind, string> = {
  user: 'Сотрудники',
  client: 'Клиенты',
  ticket: 'Заявки',
  task: 'Задачи',
};

const KIND_NAMES: Record<ImportKind, string> = {
  user: 'Сотрудник',
  client: 'Клиент',
  ticket: 'Заявка',
  task: 'Задача',
};

export function formatImportReport(report: ImportReport): string {
  const lines: string[] = [];
  const added = report.dryRun ? 'будет добавлено' : 'добавлено';
  if (report.dryRun) lines.push('Пробный прогон (--dry-run): ничего не записано.', '');
  for (const kind of Object.keys(KIND_TITLES) as ImportKind[]) {
    const t = report.totals[kind];
    lines.push(
      `${KIND_TITLES[kind]}: в выгрузке ${t.found}, ${added} ${t.added}, уже были ${t.already}, не перенесено ${t.refused}`,
    );
  }
  const { files } = report;
  lines.push(
    `Файлы: ${report.dryRun ? 'будет перенесено' : 'перенесено'} ${files.added}, не найдено ${files.missing}` +
      (files.notAsked > 0 ? `, не переносились ${files.notAsked} (не указана папка --files)` : ''),
  );
  if (report.matchedUsers.length > 0) {
    lines.push(
      '',
      `Уже были здесь, записи связаны с ними (${report.matchedUsers.length}): ${report.matchedUsers.join(', ')}`,
    );
  }
  if (report.noAdmin) {
    lines.push(
      '',
      'Владельца нет ни среди перенесённых, ни среди тех, кто уже здесь: назначьте его командой ' +
        'npm run set-role -- EMAIL admin',
    );
  }
  const refused = report.problems.filter((problem) => !problem.imported);
  const partial = report.problems.filter((problem) => problem.imported);
  if (refused.length > 0) {
    lines.push('', `Не перенесены (${refused.length}):`);
    for (const p of refused) lines.push(`  ${KIND_NAMES[p.kind]} «${p.ref}»: ${p.reason}`);
  }
  if (partial.length > 0) {
    lines.push('', `Перенесены с замечаниями (${partial.length}):`);
    for (const p of partial) lines.push(`  ${KIND_NAMES[p.kind]} «${p.ref}»: ${p.reason}`);
  }
  return `${lines.join('\n')}\n`;
}
