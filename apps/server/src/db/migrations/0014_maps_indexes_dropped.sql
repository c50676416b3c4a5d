DROP INDEX "initiatives_map_idx";--> statement-breakpoint
DROP INDEX "food_procedures_map_idx";