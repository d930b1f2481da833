"""What finished games left, shown in Discord: /history (a server's recent games), /stats (a player's record),
/leaderboard (a game's best players here), /record (one finished game's moves, page by page) and /replay (its
board after any move, see bot/discord_ui/replays.py).

Each answers privately, with a button to post what it shows in the channel; pages turn with buttons
(`RecordsButton`) whose custom_id holds all they need, so they work after a restart. A record shows only what
everyone was shown during the game (`GameRenderer.describe` for the public): never a hand or a role the game
itself did not reveal.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import discord

from bot.catalogue import Game
from bot.discord_ui.achievements import book_of, stats_lines
from bot.discord_ui.components import Controls, RecordsButton, ReplayButton
from bot.discord_ui.limits import fit_message
from bot.discord_ui.my_games import board_link
from bot.discord_ui.replays import replay_message
from bot.discord_ui.standings import rating_number, result_text
from bot.discord_ui.wording import as_code, refusal_text
from bot.matches import (
    FinishedTable,
    LeaderboardPage,
    MatchHost,
    MatchStatus,
    PlayerStats,
    Ranked,
    Refusal,
    RefusalReason,
)
from bot.matches.records import LEADERBOARD_MIN_GAMES, LEADERBOARD_PAGE, GameRecord, Records
from bot.matches.replays import Position
from bot.seasons import read_season, season_of, season_words

RECORD_LINES = 20
"""Lines of a game's record on one page (fewer when they are long: an embed holds 4096 characters)."""
RECORD_CHARACTERS = 3800
SPARKS = "▁▂▃▄▅▆▇█"
PLACES = {1: "🥇", 2: "🥈", 3: "🥉"}

RATINGS_IN_WORDS = (
    "Ratings start at 1,000: winning raises yours and losing lowers it, more so against stronger players and in "
    "your first games."
)
"""What a rating is, in the footer of /stats and /leaderboard (bot/ratings.py has the numbers)."""


def _title(games: Mapping[str, Game], key: str) -> str:
    return games[key].title if key in games else key


def history_embed(guild_id: int, tables: Sequence[FinishedTable], games: Mapping[str, Game]) -> discord.Embed:
    embed = discord.Embed(title="Recent games here", colour=discord.Colour.blurple())
    if not tables:
        embed.description = "No game has finished in this server yet. Open one with /play."
        return embed
    lines = []
    for table in tables:
        winners = ", ".join(f"<@{user_id}>" if user_id > 0 else name for user_id, name in table.winners)
        board = f"/{table.board_message_id}" if table.board_message_id else ""
        link = f"https://discord.com/channels/{guild_id}/{table.channel_id}{board}"
        won = f"🏆 {winners}" if winners else "a draw"
        title = _title(games, table.game)
        season = f" · season {table.season}" if table.season else ""
        lines.append(
            f"**{title}** #{table.match_id} · <t:{int(table.finished_at.timestamp())}:R>{season} · {won} · "
            f"[board]({link})"
        )
    embed.description = "\n".join(lines)[:4096]
    embed.set_footer(text="/record table:<number> shows the moves of that table's game.")
    return embed


def _sparkline(values: Sequence[float]) -> str:
    low, high = min(values), max(values)
    if high - low < 1e-9:
        return SPARKS[3] * len(values)
    return "".join(SPARKS[round((value - low) / (high - low) * (len(SPARKS) - 1))] for value in values)


def _share(wins: int, played: int) -> str:
    return f"{wins} win{'s' * (wins != 1)} ({round(100 * wins / played)}%)" if played else "no wins"


def stats_embed(
    guild_id: int, user_id: int, stats: PlayerStats, games: Mapping[str, Game], game: str | None
) -> discord.Embed:
    """A player's record in a server: totals and favourite game, per game their rating and its trend, and their
    latest games with links to their boards."""
    what = f" at {_title(games, game)}" if game else ""
    embed = discord.Embed(title=f"Stats{what}", colour=discord.Colour.blurple())
    if not stats.tallies:
        embed.description = f"<@{user_id}> has not finished a game{what} in this server yet."
        return embed
    played = sum(tally.played for tally in stats.tallies)
    wins = sum(tally.wins for tally in stats.tallies)
    summary = f"<@{user_id}>: {played} game{'s' * (played != 1)}, {_share(wins, played)}"
    if game is None:
        summary += f" · favourite game: **{_title(games, stats.tallies[0].game)}**"
    embed.description = summary
    for tally in stats.tallies[:10]:
        lines = [f"{tally.played} game{'s' * (tally.played != 1)}, {_share(tally.wins, tally.played)}"]
        if tally.rating is not None:
            rating = f"Rating **{rating_number(tally.rating)}**"
            if len(tally.trend) >= 2:
                change = round(tally.trend[-1]) - round(tally.trend[0])
                rating += f" {_sparkline(tally.trend)} ({change:+d} over the last {len(tally.trend)} games)"
            lines.append(rating)
        embed.add_field(name=_title(games, tally.game), value="\n".join(lines), inline=False)
    latest = []
    for each in stats.recent:
        place = PLACES.get(each.place or 0, f"{each.place}th") if each.place else "—"
        link = f"https://discord.com/channels/{guild_id}/{each.channel_id}"
        if each.board_message_id:
            link += f"/{each.board_message_id}"
        latest.append(
            f"{place} of {each.players} · {_title(games, each.game)} #{each.match_id} · "
            f"<t:{int(each.finished_at.timestamp())}:R> · [board]({link})"
        )
    embed.add_field(name="Latest games", value="\n".join(latest)[:1024], inline=False)
    embed.set_footer(text=RATINGS_IN_WORDS)
    return embed


def ranked_line(row: Ranked) -> str:
    """A player's line on a leaderboard: "**1.** @Ann — 1,052 (5 games, 3 wins (60%))"."""
    games = f"{row.games} games, {_share(row.wins, row.games)}"
    return f"**{row.place}.** <@{row.user_id}> — {rating_number(row.rating)} ({games})"


def _leaderboard_pages(board: LeaderboardPage) -> int:
    return max(1, math.ceil(board.ranked / LEADERBOARD_PAGE))


def _unknown_season(season: str, played: Sequence[str], title: str) -> str:
    said = f"No game of {title} finished here in season {season}."
    if not played:
        return f"{said} No season has a game of it yet."
    return f"{said} Seasons with games of it: {', '.join(played[:10])}."


def leaderboard_embed(
    game: str,
    board: LeaderboardPage,
    page: int,
    games: Mapping[str, Game],
    viewer_id: int | None,
    season: str | None = None,
) -> discord.Embed:
    """A page of the game's leaderboard (of one season's games, or of all); `viewer_id`'s own place under it when
    they are not on this page (None: a posted leaderboard, which is everyone's)."""
    title = _title(games, game)
    when = f" · {season_words(season)}" if season else ""
    embed = discord.Embed(title=f"{title} leaderboard{when}", colour=discord.Colour.gold())
    during = f" in {season_words(season)}" if season else ""
    if not board.rows:
        embed.description = f"Nobody has finished {LEADERBOARD_MIN_GAMES} games of {title} in this server{during} yet."
    else:
        embed.description = "\n".join(ranked_line(row) for row in board.rows)
    if viewer_id is not None and not any(row.user_id == viewer_id for row in board.rows):
        own = board.own
        embed.add_field(
            name="Your place",
            value=ranked_line(own)
            if own is not None
            else f"Not ranked yet: finish {LEADERBOARD_MIN_GAMES} games of {title} here{during}.",
            inline=False,
        )
    pages = max(1, math.ceil(board.ranked / LEADERBOARD_PAGE))
    embed.set_footer(
        text=f"Page {page + 1} of {pages} · {board.ranked} ranked · at least {LEADERBOARD_MIN_GAMES} games · "
        + RATINGS_IN_WORDS
    )
    return embed


def record_pages(lines: Sequence[str]) -> list[list[str]]:
    """The record's lines cut into pages of at most `RECORD_LINES` lines and `RECORD_CHARACTERS` characters."""
    pages: list[list[str]] = [[]]
    size = 0
    for line in lines:
        if pages[-1] and (len(pages[-1]) >= RECORD_LINES or size + len(line) + 1 > RECORD_CHARACTERS):
            pages.append([])
            size = 0
        pages[-1].append(line[:RECORD_CHARACTERS])
        size += len(line) + 1
    return pages


def _pager(view: str, key: str, page: int, pages: int, mode: str) -> Controls:
    """Previous and Next (when there is more than one page), and for a private message a button to post it."""
    buttons = Controls()
    if pages > 1:
        buttons.add_item(RecordsButton(view, key, max(page - 1, 0), mode, "◀ Previous", disabled=page == 0))
        buttons.add_item(RecordsButton(view, key, min(page + 1, pages - 1), mode, "Next ▶", disabled=page >= pages - 1))
    if mode == "me":
        buttons.add_item(RecordsButton(view, key, page, "post", "Post in the channel"))
    return buttons


class RecordsController:
    """Answers /history, /stats, /leaderboard and /record, and their buttons."""

    def __init__(self, host: MatchHost, records: Records, games: Mapping[str, Game]) -> None:
        self.host = host
        self.records = records
        self.games = games
        self.book = book_of(games)

    async def show_history(self, interaction: discord.Interaction) -> None:
        tables = await self.records.finished_tables(interaction.guild_id)
        await interaction.response.send_message(
            embed=history_embed(interaction.guild_id, tables, self.games), ephemeral=True
        )

    async def show_stats(self, interaction: discord.Interaction, user_id: int, game: str | None) -> None:
        await self._answer(interaction, "stats", f"{user_id}.{game or 'all'}", 0, "me")

    async def show_leaderboard(self, interaction: discord.Interaction, game: str, season: str | None) -> None:
        """The game's leaderboard: of the season named, else of the current season when the server has seasons,
        else of every game played here. A season that is not the current one, and has no game of it, is refused."""
        guild_id = interaction.guild_id
        settings = await self.host.server_settings(guild_id)
        current = season_of(settings.season, self.host.clock.now())
        if season is not None:
            named = read_season(season)
            if named is None:
                refusal = f"I cannot read {as_code(season)} as a season: write it like 2026-11 (a month) or 2026-Q4."
                await interaction.response.send_message(refusal, ephemeral=True)
                return
            played = await self.records.seasons_played(guild_id, game)
            if named != current and named not in played:
                await interaction.response.send_message(
                    _unknown_season(named, played, _title(self.games, game)), ephemeral=True
                )
                return
            current = named
        key = game if current is None else f"{game}.{current.lower()}"
        await self._answer(interaction, "leaders", key, 0, "me")

    async def season_choices(self, guild_id: int, game: str | None, typed: str) -> list[tuple[str, str]]:
        """The seasons to offer as `/leaderboard season:` is typed: (label, value) of the current one and those with
        results here, newest first, that contain what is typed."""
        settings = await self.host.server_settings(guild_id)
        current = season_of(settings.season, self.host.clock.now())
        seasons = await self.records.seasons_played(guild_id, game if game in self.games else None)
        if current is not None and current not in seasons:
            seasons.insert(0, current)
        wanted = typed.strip().lower().replace(" ", "-")
        labels = [
            (f"{season} ({season_words(season)}{', now' if season == current else ''})", season)
            for season in seasons
            if wanted in season.lower()
        ]
        return labels[:25]

    async def show_record(self, interaction: discord.Interaction, table: int | None) -> None:
        if table is None:
            table = await self.records.table_in_channel(interaction.channel_id)
            if table is None:
                await interaction.response.send_message(
                    refusal_text(Refusal(RefusalReason.NO_RECORD, table=None)), ephemeral=True
                )
                return
        await self._answer(interaction, "record", str(table), 0, "me")

    async def show_replay(self, interaction: discord.Interaction, table: int | None) -> None:
        if table is None:
            table = await self.records.table_in_channel(interaction.channel_id)
            if table is None:
                refusal = Refusal(RefusalReason.NO_RECORD, table=None, command="replay")
                await interaction.response.send_message(refusal_text(refusal), ephemeral=True)
                return
        await self.replay_clicked(interaction, table, 0, "open")

    async def replay_clicked(self, interaction: discord.Interaction, match_id: int, move: int, mode: str) -> None:
        """Show a finished game after `move`: a new private replay (`mode` open), the replay clicked turned there
        (me, all), or a replay posted in the channel (post)."""
        try:
            message, position = await self.replay_shown(interaction.guild_id, match_id, move, mode)
        except Refusal as refusal:
            await interaction.response.send_message(refusal_text(refusal), ephemeral=True)
            return
        if mode == "post":
            await interaction.response.send_message(**message, allowed_mentions=discord.AllowedMentions.none())
        elif mode == "open":
            await interaction.response.send_message(**message, ephemeral=True)
        else:
            await interaction.response.edit_message(**message)
        # Answered: the rest of the game is rebuilt while its viewer looks, so that any move they pick next is
        # ready at once.
        await position.rebuild_all()

    async def replay_shown(self, guild_id: int | None, match_id: int, move: int, mode: str) -> tuple[dict, Position]:
        """The replay message of a finished game of this server after `move` (see `replay_clicked`), and the
        position it shows."""
        position = await self.records.position(match_id, guild_id, move)
        match = position.match
        renderer = self.games[match.game].renderer
        ending = result_text(self.host.snapshot(match), renderer) if position.move == position.moves else ""
        shown = {"open": "me", "post": "all"}.get(mode, mode)
        title = _title(self.games, match.game)
        return replay_message(position, renderer, title, ending, shown, editing=mode in ("me", "all")), position

    async def clicked(self, interaction: discord.Interaction, view: str, key: str, page: int, mode: str) -> None:
        await self._answer(interaction, view, key, page, mode, clicked=True)

    async def _answer(
        self, interaction: discord.Interaction, view: str, key: str, page: int, mode: str, *, clicked: bool = False
    ) -> None:
        """Show page `page` of `view`: as a private answer (a command), in place of the message clicked (a page
        turned), or as a new message in the channel (`mode` post)."""
        try:
            message = await self._message(interaction, view, key, page, "all" if mode == "post" else mode)
        except Refusal as refusal:
            await interaction.response.send_message(refusal_text(refusal), ephemeral=True)
            return
        if mode == "post":
            await interaction.response.send_message(**message, allowed_mentions=discord.AllowedMentions.none())
        elif clicked:
            await interaction.response.edit_message(**message)
        else:
            await interaction.response.send_message(**message, ephemeral=True)

    async def _message(self, interaction: discord.Interaction, view: str, key: str, page: int, mode: str) -> dict:
        guild_id = interaction.guild_id
        if view == "stats":
            user, _, game = key.partition(".")
            game = None if game == "all" else game
            stats = await self.records.player_stats(guild_id, int(user), game)
            embed = stats_embed(guild_id, int(user), stats, self.games, game)
            if stats.tallies:
                earned = self.book.earned(await self.records.feats_of(guild_id, int(user)), game)
                embed.insert_field_at(
                    len(embed.fields) - 1, name="Achievements", value=stats_lines(earned, self.book, game), inline=False
                )
            return fit_message({"embed": embed, "view": _pager(view, key, 0, 1, mode)})
        if view == "leaders":
            viewer = interaction.user.id if mode == "me" else None
            game, _, named = key.partition(".")
            season = read_season(named) if named else None
            board, page = await self.records.leaderboard(game, guild_id, page, interaction.user.id, season)
            embed = leaderboard_embed(game, board, page, self.games, viewer, season)
            return fit_message({"embed": embed, "view": _pager(view, key, page, _leaderboard_pages(board), mode)})
        record = await self.records.game_record(int(key), guild_id)
        pages = record_pages(self._record_lines(record))
        page = min(page, len(pages) - 1)
        embed = self._record_embed(record, pages, page)
        buttons = _pager(view, key, page, len(pages), mode)
        if record.match.status is MatchStatus.FINISHED:
            buttons.add_item(ReplayButton(record.match.id, 0, "open", "Replay"))
        return fit_message({"embed": embed, "view": buttons})

    def _record_lines(self, record: GameRecord) -> list[str]:
        match = record.match
        renderer = self.games[match.game].renderer
        lines = []
        for number, (version, events) in enumerate(record.changes, start=1):
            told = renderer.describe(match.seated_at(version), events, None)
            if told:
                lines.append(f"`{number:>3}` " + " ".join(told))
        if match.status is MatchStatus.FINISHED:
            lines.append(f"**Game over.** {result_text(self.host.snapshot(match), renderer)}")
        else:
            lines.append("**The game was abandoned.**")
        return lines or ["Nothing was played in this game."]

    def _record_embed(self, record: GameRecord, pages: Sequence[Sequence[str]], page: int) -> discord.Embed:
        match = record.match
        embed = discord.Embed(
            title=f"{_title(self.games, match.game)} #{match.id}: the record",
            description="\n".join(pages[page]),
            colour=discord.Colour.blurple(),
            url=board_link(match),
        )
        departed = [f"{player.name} (left)" for player in match.departed]  # their seats were taken over
        players = ", ".join([player.name for player in match.players] + departed)
        embed.set_footer(text=f"Page {page + 1} of {len(pages)} · {players} · only what everyone saw")
        return embed
