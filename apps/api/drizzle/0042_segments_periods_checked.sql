-- When the worker last looked whether a reset period (hour, day, week, month) of a statistic a segment's rules read
-- had ended: the segment is then recomputed, so that "logins today" no longer selects yesterday's players. Empty for
-- existing segments: each is recomputed once on the first look.
ALTER TABLE "segments" ADD COLUMN "periods_checked_at" timestamp with time zone;
