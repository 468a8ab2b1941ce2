// What other features may use from the clients feature: the client picker of the
// intake forms and the client lookups behind it.
export { ClientPicker } from './components/ClientPicker';
