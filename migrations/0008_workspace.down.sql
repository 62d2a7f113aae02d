-- The workspace's review jobs stay, as ordinary reviews.
DROP TABLE ws_cards;
DROP TABLE ws_game_players;
DROP TABLE ws_games;
DROP TABLE ws_players;
DROP TABLE ws_collections;
