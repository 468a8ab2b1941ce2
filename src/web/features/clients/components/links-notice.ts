import type { ClientLinksDto } from '../../../../domain/client-schemas';
import { countRu } from '../../../../domain/plural';

/**
 * Said before a client is deleted: which tickets and tasks stay linked to it
 * («Иванов: у клиента 2 заявки и 1 задача. Они останутся…»), zero counts left out.
 */
export function linksNotice(name: string, links: ClientLinksDto | null): string {
  const tickets = links?.tickets ?? 0;
  const tasks = links?.tasks ?? 0;
  const parts = [
    tickets ? countRu(tickets, ['заявка', 'заявки', 'заявок']) : '',
    tasks ? countRu(tasks, ['задача', 'задачи', 'задач']) : '',
  ].filter(Boolean);
  if (parts.length === 0) return `${name}.`;
  const stay =
    tickets + tasks === 1
      ? 'Она останется и будет по-прежнему связана с клиентом.'
      : 'Они останутся и будут по-прежнему связаны с клиентом.';
  return `${name}: у клиента ${parts.join(' и ')}. ${stay}`;
}
