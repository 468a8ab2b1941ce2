// What other features and the router use of stock (issue 51).
export { StockPage } from './components/StockPage';
export { PartPage } from './components/PartPage';
export { PartLabelPage } from './components/PartLabelPage';
export { ReceiptNewPage } from './components/ReceiptNewPage';
export { ReceiptsPage } from './components/ReceiptsPage';
export { SuppliersPage } from './components/SuppliersPage';
export { CountPage } from './components/CountPage';
export { ImportPage } from './components/ImportPage';
export { PartPicker } from './components/PartPicker';
export { stockText } from './components/PartRow';
