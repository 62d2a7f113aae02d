-- The workspace's review jobs stay, as ordinary reviews.
DROP TABLE IF EXISTS ws_cards;
DROP TABLE IF EXISTS ws_game_players;
DROP TABLE IF EXISTS ws_games;
DROP TABLE IF EXISTS ws_players;
DROP TABLE IF EXISTS ws_collections;
