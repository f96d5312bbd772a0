-- Season standings aggregate week_scores per player over a pool's COMPLETE weeks (sum, count of
-- weeks with picks, max). This covering index makes that one index-only scan of the pool's season,
-- already in player order, without visiting the table (10,000 members x 22 weeks in well under
-- 200 ms). It also serves one player's weekly scoring review (pool, year, user).
CREATE INDEX week_scores_season ON week_scores (pool_id, year, user_id) INCLUDE (week_number, final_points, has_picks);
