"""The database schema, as numbered migrations. Migration N brings `PRAGMA user_version` from N-1 to N.

Never edit a migration that has shipped: add the next one. A migration that needs more than SQL names, in
`THEN_IN_CODE`, what the store then does in code in the same transaction.
"""

MIGRATIONS: tuple[str, ...] = (
    # 1: matches, seats, the action log, deadlines, results and the bot's own facts.
    """
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        opener_id INTEGER NOT NULL,
        status TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        version INTEGER NOT NULL,
        state TEXT,
        board_message_id INTEGER,
        reminder_after_seconds INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    );
    -- One live table per channel or thread.
    CREATE UNIQUE INDEX matches_live_channel ON matches (channel_id) WHERE status IN ('lobby', 'playing');
    CREATE INDEX matches_status ON matches (status);

    CREATE TABLE seats (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        dms_closed INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (match_id, seat),
        UNIQUE (match_id, user_id)
    );

    CREATE TABLE actions (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        action TEXT NOT NULL,
        events TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (match_id, version)
    );

    CREATE TABLE deadlines (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        key TEXT NOT NULL DEFAULT '',
        due_at TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (match_id, kind, key)
    );
    CREATE INDEX deadlines_due ON deadlines (due_at);

    CREATE TABLE results (
        match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
        game TEXT NOT NULL,
        guild_id INTEGER,
        finished_at TEXT NOT NULL,
        reason TEXT NOT NULL,
        outcome TEXT NOT NULL
    );
    CREATE TABLE result_players (
        match_id INTEGER NOT NULL REFERENCES results (match_id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        place INTEGER,
        won INTEGER NOT NULL,
        PRIMARY KEY (match_id, user_id)
    );
    CREATE INDEX result_players_user ON result_players (user_id);

    -- Small facts about the bot itself, such as the fingerprint of the last synced command set.
    CREATE TABLE bot_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 2: the version of its match each board message shows, so boards left behind by a crash or a refused edit
    # are brought up to date at start-up. Boards of existing matches count as shown.
    """
    ALTER TABLE matches ADD COLUMN board_version INTEGER NOT NULL DEFAULT 0;
    UPDATE matches SET board_version = version;
    """,
    # 3: turn notices delivered at least once: the version of the last change that began someone's turn, and the
    # version up to which the players were told. A start-up tells whoever a crash or a refused DM left untold.
    """
    ALTER TABLE matches ADD COLUMN turn_notice_version INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE matches ADD COLUMN turn_told_version INTEGER NOT NULL DEFAULT 0;
    """,
    # 4: channel announcements delivered at least once and in order: the version up to which every change's lines
    # (a face-off called, a win, the result) were said. Changes of existing matches count as said.
    """
    ALTER TABLE matches ADD COLUMN announced_version INTEGER NOT NULL DEFAULT 0;
    UPDATE matches SET announced_version = version;
    """,
    # 5: the part of a game's state that never changes after the deal (Anomia's deck), stored once at the start
    # instead of with every action. Matches started before keep their whole state in `state`.
    """
    ALTER TABLE matches ADD COLUMN fixed_state TEXT;
    """,
    # 6: what players set with /settings: their time zone, away hours (local "HH:MM", or NULL for none) and how to
    # be told it is their turn. A player with no row has the defaults.
    """
    CREATE TABLE player_settings (
        user_id INTEGER PRIMARY KEY,
        timezone TEXT NOT NULL,
        away_from TEXT,
        away_until TEXT,
        notice TEXT NOT NULL
    );
    """,
    # 7: turn clocks: a table's clock (0: none, which existing tables keep), and per seat how many turns in a row
    # a computer took for its player when the clock ran out, and whether the computer now plays the seat; and
    # players who left a running game (a computer played on for them), in the seat and in the result.
    """
    ALTER TABLE matches ADD COLUMN clock_seconds INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE matches ADD COLUMN board_posted_at TEXT;
    ALTER TABLE matches ADD COLUMN leaver_forfeits INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN stood_in INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN computer_plays INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN left_game INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE result_players ADD COLUMN left_game INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX seats_user ON seats (user_id);
    -- What a server's admins set with /server-settings: the default clock of its tables (a /play clock choice),
    -- whether tables open in threads, and a role to mention when a table opens. No row: the defaults.
    -- Ratings per game and server (bot/ratings.py), updated with each result; each result row keeps its player's
    -- shown rating before and after.
    CREATE TABLE ratings (
        game TEXT NOT NULL,
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (game, guild_id, user_id)
    );
    ALTER TABLE result_players ADD COLUMN rating_before REAL;
    ALTER TABLE result_players ADD COLUMN rating_after REAL;
    CREATE TABLE server_settings (
        guild_id INTEGER PRIMARY KEY,
        clock TEXT NOT NULL,
        threads INTEGER NOT NULL,
        announce_role_id INTEGER
    );
    """,
    # 8: leaderboards and /stats: each rating's shown value (mu - 3 sigma) and wins, kept in rank order per game
    # and server; each result row's server, game and end, so a player's latest games are read in order, and its
    # team in a game played in teams; results in order per server; a channel's tables (a thread's, for /record).
    # Then every past result is rated anew in finishing order (results from before migration 7 were never rated).
    """
    ALTER TABLE ratings ADD COLUMN shown REAL NOT NULL DEFAULT 0;
    ALTER TABLE ratings ADD COLUMN wins INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX ratings_rank ON ratings (game, guild_id, shown DESC, user_id);
    CREATE INDEX ratings_player ON ratings (guild_id, user_id);
    ALTER TABLE result_players ADD COLUMN guild_id INTEGER;
    ALTER TABLE result_players ADD COLUMN game TEXT;
    ALTER TABLE result_players ADD COLUMN finished_at TEXT;
    ALTER TABLE result_players ADD COLUMN team INTEGER;
    UPDATE result_players SET (guild_id, game, finished_at) =
        (SELECT guild_id, game, finished_at FROM results WHERE results.match_id = result_players.match_id);
    CREATE INDEX result_players_latest ON result_players (user_id, guild_id, finished_at, match_id);
    CREATE INDEX results_guild ON results (guild_id, finished_at);
    CREATE INDEX matches_channel ON matches (channel_id, id);
    """,
    # 9: the id of the newest chat message read in a running table's channel, so that a start reads the messages
    # typed while the bot was down (0: none noted; tables of before read from their last change).
    """
    ALTER TABLE matches ADD COLUMN last_message_id INTEGER NOT NULL DEFAULT 0;
    """,
    # 10: the players who left a running game and whose seats someone else took over (`Match.departed`), as JSON
    # [[seat, user_id, name, seated_until], ...]: they stay on record, out of `seats`, which holds who plays each
    # seat now.
    """
    ALTER TABLE matches ADD COLUMN departed TEXT NOT NULL DEFAULT '[]';
    """,
    # 11: Play again and the tables in a channel's threads: the channel in which the bot opened a table's thread
    # (/status there lists the table, and Play again opens the next one there), and the finished table a table
    # was opened from by Play again.
    """
    ALTER TABLE matches ADD COLUMN parent_channel_id INTEGER;
    ALTER TABLE matches ADD COLUMN follows_match_id INTEGER REFERENCES matches (id);
    CREATE INDEX matches_live_parent ON matches (parent_channel_id) WHERE status IN ('lobby', 'playing');
    CREATE INDEX matches_follows ON matches (follows_match_id, id);
    """,
    # 12: ratings shown on a scale people know (1,000 at the start, see bot/ratings.py) rather than mu - 3 sigma:
    # every past result is rated anew, so the shown ratings, their rank order and each result's changes follow it.
    """
    SELECT 1;
    """,
    # 13: a finished game's state every so many moves, kept once its replay has rebuilt it in full, so that a
    # replay shown later rebuilds a few moves rather than the whole game (see bot/matches/replays.py); games
    # finished before, and any game not replayed yet, have none and rebuild from the deal.
    """
    CREATE TABLE replay_states (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        move INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (match_id, move)
    );
    """,
    # 14: the first-game guidance each player has been shown (bot/discord_ui/guidance.py): one row per player, game
    # and kind of decision, so a line is shown once, across restarts too.
    """
    CREATE TABLE first_game_guidance (
        user_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        kind TEXT NOT NULL,
        PRIMARY KEY (user_id, game, kind)
    );
    """,
    # 15: seasons and achievements. A server's season length (bot/seasons.py: none, month or quarter) and the
    # channel its seasons' final standings are posted in; each result's season (NULL: the server had none), and
    # the season of the result that last moved each rating, so the first game of a new season starts from the
    # rating carried over; each season of each server that has results, with when it ends and whether its final
    # standings were posted. And what players did that achievements count (bot/achievements.py), per server and
    # player, each with the game it was first done in.
    """
    ALTER TABLE server_settings ADD COLUMN season TEXT NOT NULL DEFAULT 'none';
    ALTER TABLE server_settings ADD COLUMN season_channel_id INTEGER;
    ALTER TABLE results ADD COLUMN season TEXT;
    ALTER TABLE result_players ADD COLUMN season TEXT;
    ALTER TABLE ratings ADD COLUMN season TEXT;
    CREATE INDEX result_players_season ON result_players (guild_id, game, season, user_id);
    CREATE TABLE season_ends (
        guild_id INTEGER NOT NULL,
        season TEXT NOT NULL,
        ends_at TEXT NOT NULL,
        posted INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, season)
    );
    CREATE INDEX season_ends_due ON season_ends (posted, ends_at);
    CREATE TABLE feats (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        feat TEXT NOT NULL,
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        done_at TEXT NOT NULL,
        PRIMARY KEY (guild_id, user_id, game, feat)
    );
    CREATE INDEX feats_match ON feats (match_id);
    """,
    # 16: leagues the bot runs (bot/leagues, bot/matches/leagues.py): one row per league, its record a JSON document
    # (at most one live league per channel), and the table each league game is played at.
    """
    CREATE TABLE leagues (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        status TEXT NOT NULL,
        version INTEGER NOT NULL,
        document TEXT NOT NULL
    );
    CREATE UNIQUE INDEX leagues_live_channel ON leagues (channel_id) WHERE status IN ('joining', 'running');
    CREATE INDEX leagues_channel ON leagues (channel_id, id);
    CREATE TABLE league_tables (
        match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
        league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        table_number INTEGER NOT NULL
    );
    CREATE INDEX league_tables_league ON league_tables (league_id, round, table_number);
    """,
    # 17: a league round's deadline, beside the league's document, so the deadline runner finds the next one.
    """
    ALTER TABLE leagues ADD COLUMN round_due_at TEXT;
    CREATE INDEX leagues_round_due ON leagues (round_due_at) WHERE status = 'running';
    """,
    # 18: the action log kept in the order of its key (match, version), with no separate index for the key: a
    # move's log row was written at the table's end and its key into the key's index, two pages in the commit
    # where one now holds both, and a match's log is read from neighbouring rows.
    """
    CREATE TABLE actions_by_match (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        action TEXT NOT NULL,
        events TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (match_id, version)
    ) WITHOUT ROWID;
    INSERT INTO actions_by_match (match_id, version, seat, user_id, action, events, at)
        SELECT match_id, version, seat, user_id, action, events, at FROM actions;
    DROP TABLE actions;
    ALTER TABLE actions_by_match RENAME TO actions;
    """,
    # 19: the match's deadline rows as its last change left them (their kinds, keys and due times), so a move
    # whose deadlines they already serve neither reads nor writes them; NULL once anything else touched them.
    """
    ALTER TABLE matches ADD COLUMN deadline_rows TEXT;
    """,
    # 20: the match's seats in its own row too, as JSON (see `MATCH_COLUMNS` in bot/storage/common.py), so that an
    # action reads one row; the seats table stays what is searched (a player's games).
    """
    ALTER TABLE matches ADD COLUMN seat_rows TEXT NOT NULL DEFAULT '[]';
    UPDATE matches SET seat_rows = (SELECT json_group_array(json_array(seat, user_id, name, dms_closed, stood_in,
        computer_plays, left_game)) FROM seats WHERE seats.match_id = matches.id);
    """,
)

RATE_PAST_RESULTS = "rate past results"
"""Rate every stored result anew, oldest first, replacing every rating (see the stores' `_rate_past_results`)."""
THEN_IN_CODE: dict[int, str] = {8: RATE_PAST_RESULTS, 12: RATE_PAST_RESULTS}
