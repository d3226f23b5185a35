// The catalogues the server speaks: error messages and emails, in every language. A feature may keep
// its error messages in a part of its own (`errors.<feature>.json`), merged into `errors`.
import arEmails from './ar/emails.json';
import arErrors from './ar/errors.json';
import arAnnouncements from './ar/errors.announcements.json';
import arAttendance from './ar/errors.attendance.json';
import arCompliances from './ar/errors.compliances.json';
import arJourneys from './ar/errors.journeys.json';
import arVisitPermits from './ar/errors.visit-permits.json';
import arPreRegistration from './ar/errors.pre-registration.json';
import arVisits from './ar/errors.visits.json';
import arUploads from './ar/errors.uploads.json';
import arSecurity from './ar/errors.security.json';
import arKioskDevice from './ar/errors.kiosk-device.json';
import arFaces from './ar/errors.faces.json';
import arAuditLog from './ar/errors.audit-log.json';
import arKioskLookup from './ar/errors.kiosk-lookup.json';
import arPeople from './ar/errors.people.json';
import arPeopleImport from './ar/errors.people-import.json';
import arReports from './ar/errors.reports.json';
import arEmergencyRoll from './ar/errors.emergency-roll.json';
import arEmergency from './ar/errors.emergency.json';
import arPassport from './ar/errors.passport.json';
import arCompanySignIn from './ar/errors.company-sign-in.json';
import arIntegrations from './ar/errors.integrations.json';
import arWatchlist from './ar/errors.watchlist.json';
import arWatchlistScreening from './ar/errors.watchlist-screening.json';
import arWebhooks from './ar/errors.webhooks.json';
import arCapacity from './ar/errors.capacity.json';
import enEmails from './en/emails.json';
import enErrors from './en/errors.json';
import enAnnouncements from './en/errors.announcements.json';
import enAttendance from './en/errors.attendance.json';
import enCompliances from './en/errors.compliances.json';
import enJourneys from './en/errors.journeys.json';
import enVisitPermits from './en/errors.visit-permits.json';
import enPreRegistration from './en/errors.pre-registration.json';
import enVisits from './en/errors.visits.json';
import enUploads from './en/errors.uploads.json';
import enSecurity from './en/errors.security.json';
import enKioskDevice from './en/errors.kiosk-device.json';
import enFaces from './en/errors.faces.json';
import enAuditLog from './en/errors.audit-log.json';
import enKioskLookup from './en/errors.kiosk-lookup.json';
import enPeople from './en/errors.people.json';
import enPeopleImport from './en/errors.people-import.json';
import enReports from './en/errors.reports.json';
import enEmergencyRoll from './en/errors.emergency-roll.json';
import enEmergency from './en/errors.emergency.json';
import enPassport from './en/errors.passport.json';
import enCompanySignIn from './en/errors.company-sign-in.json';
import enIntegrations from './en/errors.integrations.json';
import enWatchlist from './en/errors.watchlist.json';
import enWatchlistScreening from './en/errors.watchlist-screening.json';
import enWebhooks from './en/errors.webhooks.json';
import enCapacity from './en/errors.capacity.json';
import esEmails from './es/emails.json';
import esErrors from './es/errors.json';
import esAnnouncements from './es/errors.announcements.json';
import esAttendance from './es/errors.attendance.json';
import esCompliances from './es/errors.compliances.json';
import esJourneys from './es/errors.journeys.json';
import esVisitPermits from './es/errors.visit-permits.json';
import esPreRegistration from './es/errors.pre-registration.json';
import esVisits from './es/errors.visits.json';
import esUploads from './es/errors.uploads.json';
import esSecurity from './es/errors.security.json';
import esKioskDevice from './es/errors.kiosk-device.json';
import esFaces from './es/errors.faces.json';
import esAuditLog from './es/errors.audit-log.json';
import esKioskLookup from './es/errors.kiosk-lookup.json';
import esPeople from './es/errors.people.json';
import esPeopleImport from './es/errors.people-import.json';
import esReports from './es/errors.reports.json';
import esEmergencyRoll from './es/errors.emergency-roll.json';
import esEmergency from './es/errors.emergency.json';
import esPassport from './es/errors.passport.json';
import esCompanySignIn from './es/errors.company-sign-in.json';
import esIntegrations from './es/errors.integrations.json';
import esWatchlist from './es/errors.watchlist.json';
import esWatchlistScreening from './es/errors.watchlist-screening.json';
import esWebhooks from './es/errors.webhooks.json';
import esCapacity from './es/errors.capacity.json';
import { mergeCatalogues, type Resources } from './translate';

export const serverResources: Resources = {
  en: {
    errors: mergeCatalogues(
      enErrors,
      enJourneys,
      enCompliances,
      enAttendance,
      enVisitPermits,
      enAnnouncements,
      enVisits,
      enPreRegistration,
      enUploads,
      enSecurity,
      enKioskDevice,
      enFaces,
      enAuditLog,
      enKioskLookup,
      enPeople,
      enPeopleImport,
      enReports,
      enEmergencyRoll,
      enEmergency,
      enPassport,
      enCompanySignIn,
      enIntegrations,
      enWatchlist,
      enWatchlistScreening,
      enWebhooks,
      enCapacity,
    ),
    emails: enEmails,
  },
  ar: {
    errors: mergeCatalogues(
      arErrors,
      arJourneys,
      arCompliances,
      arAttendance,
      arVisitPermits,
      arAnnouncements,
      arVisits,
      arPreRegistration,
      arUploads,
      arSecurity,
      arKioskDevice,
      arFaces,
      arAuditLog,
      arKioskLookup,
      arPeople,
      arPeopleImport,
      arReports,
      arEmergencyRoll,
      arEmergency,
      arPassport,
      arCompanySignIn,
      arIntegrations,
      arWatchlist,
      arWatchlistScreening,
      arWebhooks,
      arCapacity,
    ),
    emails: arEmails,
  },
  es: {
    errors: mergeCatalogues(
      esErrors,
      esJourneys,
      esCompliances,
      esAttendance,
      esVisitPermits,
      esAnnouncements,
      esVisits,
      esPreRegistration,
      esUploads,
      esSecurity,
      esKioskDevice,
      esFaces,
      esAuditLog,
      esKioskLookup,
      esPeople,
      esPeopleImport,
      esReports,
      esEmergencyRoll,
      esEmergency,
      esPassport,
      esCompanySignIn,
      esIntegrations,
      esWatchlist,
      esWatchlistScreening,
      esWebhooks,
      esCapacity,
    ),
    emails: esEmails,
  },
};
