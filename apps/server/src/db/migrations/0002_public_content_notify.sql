-- Public response cache (decision record 0005): every statement that changes what the public site
-- shows sends NOTIFY public_content_changed. Each app instance LISTENs and empties its cache of
-- anonymous pages and JSON; NOTIFY is delivered at commit, so a rolled-back change sends nothing.
-- Not watched: sessions, users, files, revisions (pending edits), audit events and the inboxes
-- (contact messages, export requests, newsletter sign-ups), which no public page shows.
CREATE OR REPLACE FUNCTION notify_public_content_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_content_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "areas_of_influence"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "beneficiaries"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contact_types"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "issue_types"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "progress_statuses"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_holder_types"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subthematics"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "thematics"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "communes"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "communities_of_communes"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "departements"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contact_thematics"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "initiative_beneficiaries"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "initiative_communes"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "initiative_communities_of_communes"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "initiative_files"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "initiative_issue_types"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "initiative_subthematics"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "initiatives"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "food_procedure_beneficiaries"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "food_procedure_communes"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "food_procedure_communities_of_communes"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "food_procedure_files"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "food_procedure_subthematics"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "food_procedure_thematics"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "food_procedures"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "post_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "posts"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "resource_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "resource_subthematics"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "resource_types"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "resources"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "faq_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "faq_items"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "glossary_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "team_members"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contact_us_addresses"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
--> statement-breakpoint
CREATE TRIGGER public_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contact_us_thematics"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_public_content_changed();
