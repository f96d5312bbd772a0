-- The provider's short status text of a game ("Halftime", "End of 3rd", "Final/OT"), staged and in production.
ALTER TABLE staging_games ADD COLUMN status_detail text;
ALTER TABLE games ADD COLUMN status_detail text;
