// What other features use of technician pay (issue 53).
export { MyPayCard } from './components/MyPayCard';
export { MyPayPage } from './components/MyPayPage';
export { PayReport } from './components/PayReport';
