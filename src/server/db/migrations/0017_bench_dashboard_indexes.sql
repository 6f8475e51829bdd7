CREATE INDEX "posts_dashboard_categories_idx" ON "posts" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "posts_dashboard_tags_idx" ON "posts" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "posts_dashboard_tab_count_idx" ON "posts" USING btree ("site_id","dashboard_tab");