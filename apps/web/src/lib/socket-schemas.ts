/**
 * The contract's schemas of the server's socket events. `lib/socket.ts` imports this module
 * dynamically when the first event arrives, so zod does not load with the first page for a
 * socket that hears nothing (a shopper browsing the marketplace).
 */
export { serverToClientSchemas } from '@compra-grupal/contracts';
