// The comment thread, for the ticket's and the task's cards (issue 55); apart from public.ts so
// that the worklist's first chunk does not carry it.
export { CommentThread } from './components/CommentThread';
