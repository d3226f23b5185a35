// The integration pages, loaded together: they are one flow (list, connect, settings, sync, the records
// to fix, the view), and one chunk keeps the start files' route table small.
export { AttendanceCodesPage } from './components/attendance-codes-page';
export { ConnectDirectoryPage } from './components/connect-directory-page';
export { GoogleReturnPage } from './components/google-return-page';
export { IntegrationDuplicatesPage } from './components/integration-duplicates-page';
export { IntegrationErrorsPage } from './components/integration-errors-page';
export { IntegrationSettingsPage } from './components/integration-settings-page';
export { IntegrationValidPage } from './components/integration-valid-page';
export { IntegrationsPage } from './components/integrations-page';
export { SyncStatusPage } from './components/sync-status-page';
export { ViewIntegrationPage } from './components/view-integration-page';
export { WriteBackPage } from './components/write-back-page';
export { duplicatePageDelay, errorPageDelay, validPageDelay } from './utils/page-delays';
