// What the shell and the worklist use of comments (issue 55): light, loaded with the first screens.
// The thread itself loads with a ticket's or task's card (thread.ts).
export { MyMentions } from './components/MyMentions';
export { startCommentOutbox, useMentions } from './api/comments-api';
export { sendWaiting as sendWaitingComments } from './api/comment-outbox';
