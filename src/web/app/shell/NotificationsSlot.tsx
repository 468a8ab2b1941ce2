/**
 * Where the push-notifications button goes (spec §2). It renders nothing until
 * Web Push is built; the shell already reserves its place.
 */
export function NotificationsSlot() {
  return null;
}
