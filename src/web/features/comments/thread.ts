// The comment thread and the link to it, for the ticket's and the task's cards (issue 55); apart
// from public.ts so that the worklist's first chunk does not carry them.
export { CommentThread } from './components/CommentThread';
export { CommentsLink } from './components/CommentsLink';
