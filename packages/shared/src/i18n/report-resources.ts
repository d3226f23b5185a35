// The `reports` catalogue as the browser has it (reports.json and its parts), for what the server writes
// in a reader's language: the headers and sheet names of an exported report. A report's part file
// (`reports.<part>.json`) is added here with its report. The `visits` catalogue words visits' states,
// stages and sources as the screens do.
import arReports from './ar/reports.json';
import arExports from './ar/reports.exports.json';
import enReports from './en/reports.json';
import enExports from './en/reports.exports.json';
import esReports from './es/reports.json';
import esExports from './es/reports.exports.json';
import arDevices from './ar/reports.devices.json';
import arHistory from './ar/reports.history.json';
import arPresence from './ar/reports.presence.json';
import arTimesheet from './ar/reports.timesheet.json';
import arVisitSummary from './ar/reports.visit_summary.json';
import arVisits from './ar/visits.json';
import enDevices from './en/reports.devices.json';
import enHistory from './en/reports.history.json';
import enPresence from './en/reports.presence.json';
import enTimesheet from './en/reports.timesheet.json';
import enVisitSummary from './en/reports.visit_summary.json';
import enVisits from './en/visits.json';
import esDevices from './es/reports.devices.json';
import esHistory from './es/reports.history.json';
import esPresence from './es/reports.presence.json';
import esTimesheet from './es/reports.timesheet.json';
import esVisitSummary from './es/reports.visit_summary.json';
import esVisits from './es/visits.json';
import arEmergency from './ar/reports.emergency.json';
import arKioskSetup from './ar/reports.kiosk-setup.json';
import arAuditLog from './ar/reports.audit-log.json';
import enEmergency from './en/reports.emergency.json';
import enKioskSetup from './en/reports.kiosk-setup.json';
import enAuditLog from './en/reports.audit-log.json';
import esEmergency from './es/reports.emergency.json';
import esKioskSetup from './es/reports.kiosk-setup.json';
import esAuditLog from './es/reports.audit-log.json';
import { mergeCatalogues, type Catalogue, type Resources } from './translate';

const catalogue = (visits: Catalogue, ...parts: Catalogue[]) => ({ reports: mergeCatalogues(...parts), visits });

export const reportResources: Resources = {
  en: catalogue(
    enVisits,
    enReports,
    enExports,
    enDevices,
    enHistory,
    enPresence,
    enTimesheet,
    enVisitSummary,
    enEmergency,
    enKioskSetup,
    enAuditLog,
  ),
  ar: catalogue(
    arVisits,
    arReports,
    arExports,
    arDevices,
    arHistory,
    arPresence,
    arTimesheet,
    arVisitSummary,
    arEmergency,
    arKioskSetup,
    arAuditLog,
  ),
  es: catalogue(
    esVisits,
    esReports,
    esExports,
    esDevices,
    esHistory,
    esPresence,
    esTimesheet,
    esVisitSummary,
    esEmergency,
    esKioskSetup,
    esAuditLog,
  ),
};
