CREATE TABLE "job_nodes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"node_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_runs_node_idx" ON "job_runs" USING btree ("node_id");--> statement-breakpoint
-- Decision 059: the job runner's own bookkeeping, read and written on the owner's connection only.
REVOKE ALL ON job_nodes, job_runs FROM app_user;
