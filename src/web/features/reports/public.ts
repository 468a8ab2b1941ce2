// What other features use of the reports (issues 52, 53).
export { ReportsPage } from './components/ReportsPage';
