export { CommerceModal } from './components/commerce-modal-host.tsx';
export { EntitlementChips } from './components/entitlement-chips.tsx';
export { TicketActions } from './components/ticket-actions.tsx';
export { preloadTicketModals, TicketModalHost } from './components/ticket-modal-host.tsx';
export { requestTicketDialog } from './hooks/request-ticket-dialog.ts';
export { useTicketStore } from './store/ticket-store.ts';
