// What other features use of technician pay (issue 53).
export { PayReport } from './components/PayReport';
