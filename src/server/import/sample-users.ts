import { DAY, stamp, type SampleContext } from './sample-context';

export interface SampleUsers {
  /** Keyed by uid (the other collections are lists: both shapes are read). */
  users: Record<string, unknown>;
  /** The valid users' uids, for authors and assignees. */
  uids: string[];
  userName: (uid: string) => string;
}

/** `count` staff, then one without an email (refused) and one with an unknown role (warned). */
export function sampleUsers(sample: SampleContext, count: number): SampleUsers {
  const { seed, base } = sample;
  const users: Record<string, unknown> = {};
  const uids: string[] = [];
  for (let i = 1; i <= count; i += 1) {
    const uid = `uid${seed}-${String(i).padStart(4, '0')}`;
    uids.push(uid);
    users[uid] = {
      uid,
      email: `staff${i}.${seed}@example.ru`,
      displayName: sample.person(),
      phone: `+7 900 000-00-${String(i % 100).padStart(2, '0')}`,
      role: i === 1 ? 'admin' : 'employee',
      createdAt: stamp(base + i * DAY, i),
      fcmTokens: [`token-${i}`],
    };
  }
  users[`uid_badmail-${seed}`] = { uid: `uid_badmail-${seed}`, email: 'без почты', displayName: 'Без почты' };
  sample.refused.user.push(`uid_badmail-${seed}`);
  users[`uid_manager-${seed}`] = {
    email: `manager.${seed}@example.ru`,
    displayName: 'Менеджеров Менеджер',
    role: 'manager',
  };
  sample.warned.user.push(`uid_manager-${seed}`);
  const userName = (uid: string) => (users[uid] as { displayName: string }).displayName;
  return { users, uids, userName };
}
