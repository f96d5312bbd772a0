-- The provider's short status text of a game ("Halftime", "End of 3rd", "Final/OT"), from the live feed.
ALTER TABLE games ADD COLUMN status_detail text;
