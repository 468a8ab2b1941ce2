// What other features may use from «Настройки»: the shop's requisites and the message
// templates, read when a ticket's client is written to; the ticket types the forms offer.
export { shopProfileQuery } from './api/shop-profile-api';
export { messageTemplatesQuery } from './api/message-templates-api';
export { MissingRequisites } from './components/MissingRequisites';
export { ticketTypesQuery, shownTypes } from './api/ticket-types-api';
