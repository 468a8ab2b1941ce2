// What other features use of money (issue 50).
export { TicketMoneySection } from './components/TicketMoneySection';
export { ServicesCard } from './components/ServicesCard';
export { useTicketMoney } from './api/money-api';
export { TakePaymentButton } from './components/TakePaymentButton';
export { CashPage } from './components/CashPage';
export { ShiftReportPage } from './components/ShiftReportPage';
export { TakingsCard } from './components/TakingsCard';
export { PayersCard } from './components/PayersCard';
export { PayerStatementPage } from './components/PayerStatementPage';
export { MoneyExportCard } from './components/MoneyExportCard';
export { usePayers } from './api/payers-api';
