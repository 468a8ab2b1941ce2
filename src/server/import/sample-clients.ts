import { DAY, stamp, type SampleContext } from './sample-context';

export interface SampleClients {
  clients: unknown[];
  /** The valid clients' ids, in the order of `clients`. */
  clientIds: string[];
}

/**
 * `count` clients with phones in the three forms seen, then one without a name (refused) and one
 * with a script for a WhatsApp link (warned).
 */
export function sampleClients(sample: SampleContext, count: number): SampleClients {
  const { seed, base, random } = sample;
  const clients: unknown[] = [];
  const clientIds: string[] = [];
  for (let i = 1; i <= count; i += 1) {
    const id = `cl${seed}-${String(i).padStart(5, '0')}`;
    clientIds.push(id);
    const digits = `9${String(100_000_000 + i * 7919).slice(-9)}`;
    const phone = random.pick([
      `8${digits}`,
      `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
      digits,
    ]);
    clients.push({
      id,
      fullName: `${sample.person()}ич`,
      phone,
      warranty: random.chance(0.5) ? `ГТ-${1000 + i}` : '',
      address: random.chance(0.3) ? `г. Москва, ул. Ленина, д. ${i}` : '',
      comment: random.chance(0.2) ? 'Постоянный клиент\nзвонить после 18:00' : '',
      whatsappUrl: random.chance(0.3) ? `https://wa.me/7${digits}` : undefined,
      createdAt: stamp(base + (i % 300) * DAY, i),
      updatedAt: stamp(base + (i % 300) * DAY + 3_600_000, i + 1),
    });
  }
  clients.push({ id: `cl_noname-${seed}`, phone: '89990000000', createdAt: new Date(base).toISOString() });
  sample.refused.client.push(`cl_noname-${seed}`);
  clients.push({
    id: `cl_script-${seed}`,
    fullName: 'Скриптов Скрипт',
    phone: '89990000001',
    whatsappUrl: 'javascript:alert(1)',
    createdAt: new Date(base).toISOString(),
  });
  sample.warned.client.push(`cl_script-${seed}`);
  return { clients, clientIds };
}
