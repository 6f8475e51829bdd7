-- Reviewed: drizzle-kit put the new primary key before the column it names; the column comes
-- first. Existing rows are what visitors see: they become the published state.
ALTER TABLE "widget_settings" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "widget_settings" DROP CONSTRAINT "widget_settings_site_id_widget_device_pk";--> statement-breakpoint
ALTER TABLE "widget_settings" ADD CONSTRAINT "widget_settings_site_id_widget_device_state_pk" PRIMARY KEY("site_id","widget","device","state");--> statement-breakpoint
ALTER TABLE "widget_settings" ADD CONSTRAINT "widget_settings_state_check" CHECK ("widget_settings"."state" in ('published', 'draft'));
