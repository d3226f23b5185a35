// The webhook pages, loaded together: the endpoints and one endpoint's delivery log are one flow, and
// one chunk keeps the start files' route table small.
export { WebhookDeliveriesPage } from './components/webhook-deliveries-page';
export { WebhooksPage } from './components/webhooks-page';
