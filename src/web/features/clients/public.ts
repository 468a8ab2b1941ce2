// What other features may use from the clients feature: the client picker of the
// intake forms, the lookups behind it, and the hint against twin clients.
export { ClientPicker } from './components/ClientPicker';
export { SamePhoneHint } from './components/SamePhoneHint';
