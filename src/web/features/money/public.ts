// What other features use of money (issue 50).
export { TicketMoneySection } from './components/TicketMoneySection';
export { ServicesCard } from './components/ServicesCard';
export { useTicketMoney } from './api/money-api';
export { TakePaymentButton } from './components/TakePaymentButton';
