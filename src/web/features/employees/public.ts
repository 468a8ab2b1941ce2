// What other features may use from the employees feature: the staff and default
// assignees that every form assigning work offers.
export {
  assigneeOptions,
  defaultAssigneesQuery,
  UNASSIGNED,
  useDefaultAssignees,
  userOptionsQuery,
  useUserOptions,
} from './api/staff-api';
// The invite code, for the first steps an admin sees on an empty worklist.
export { useInviteCode } from './api/employees-api';
// Who a new ticket or task goes to, said under its «Исполнитель».
export { NewAssigneeNote } from './components/NewAssigneeNote';
