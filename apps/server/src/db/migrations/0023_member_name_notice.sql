-- Custom SQL migration file, put your code below! --
-- A member's name in a company is their person's (the top bar and /auth/me show it, as every list
-- does), and it is part of the cached access (migration 0018): renaming a member announces it.
CREATE TRIGGER people_member_name_notice AFTER UPDATE OF first_name, last_name ON people
  FOR EACH ROW WHEN (
    NEW.membership_id IS NOT NULL
    AND (OLD.first_name, OLD.last_name) IS DISTINCT FROM (NEW.first_name, NEW.last_name)
  ) EXECUTE FUNCTION app_notice_entity();
