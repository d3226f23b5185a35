-- Custom SQL migration file, put your code below! --
-- The role "Employee with reporting" reads the reports and changes nothing (issue 14): its default no
-- longer holds the dashboard (signing people in and out). Roles a company has left at the old default
-- follow; a role a company changed keeps what it chose.
UPDATE role_permissions rp
SET allowed = 0
FROM roles r
WHERE r.entity_id = rp.entity_id
  AND r.id = rp.role_id
  AND r.key = 'employee_reporting'
  AND rp.permission = 'dashboard'
  AND rp.allowed = 1
  AND (
    SELECT array_agg(x.permission ORDER BY x.permission COLLATE "C")
    FROM role_permissions x
    WHERE x.entity_id = r.entity_id AND x.role_id = r.id AND x.allowed = 1
  ) = ARRAY[
    'dashboard', 'passport', 'reporting', 'show_export_list', 'show_history_list', 'show_kiosk_logs_list',
    'show_printer_list', 'show_time_sheet_list', 'show_track_trace_list', 'show_users_not_on_site_list',
    'show_visit_summary_list'
  ]::text[];
