"""Practice tables and hints in Discord: `/practice`, and the Hint button of a private panel.

`/practice game:` opens a table for its caller alone against the game's usual number of computer players and
deals it at once: in a private thread where the bot may open one (the caller is added to it), else in a public
thread, else in the channel, saying why when a permission is missing. A Hint answers privately with the move a
computer would make for the player and why, and changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import timedelta

import discord

from bot.catalogue import Game
from bot.discord_ui.controller import ARCHIVE_AFTER_A_WEEK, OPEN_FAILED, _is_private, _offered, posting_problem
from bot.discord_ui.display import TableDisplay
from bot.discord_ui.failures import answered_in_time, reply_privately
from bot.discord_ui.limits import THREAD_NAME, fit_text
from bot.discord_ui.options import CLOCKS
from bot.discord_ui.wording import NAME_LIMIT, inert, refusal_text
from bot.matches import MatchHost, Refusal, RefusalReason, Snapshot
from bot.matches.practice import offers_hints

log = logging.getLogger(__name__)

NOT_RATED = "Practice games are not rated and do not count in /stats or leaderboards."
HINT_CHANGES_NOTHING = "Only you see this; nothing was played."


class PracticeDesk:
    """Answers /practice and the Hint button."""

    def __init__(self, host: MatchHost, display: TableDisplay, games: Mapping[str, Game]) -> None:
        self.host = host
        self.display = display
        self.games = games

    async def open_practice(self, interaction: discord.Interaction, game: str) -> None:
        if game not in self.games:
            await reply_privately(interaction, f"There is no game called {inert(game, 40)}: pick one from the list.")
            return
        rules = self.games[game].rules
        channel = interaction.channel
        permissions = interaction.app_permissions
        in_thread = isinstance(channel, discord.Thread)
        problem = posting_problem(permissions, in_thread, self.games[game])
        if problem:
            await reply_privately(interaction, problem)
            return
        server = await self.host.server_settings(interaction.guild_id)
        may_post_in_threads = permissions.send_messages_in_threads
        where, note = None, ""
        if in_thread:
            kind = None
        elif not server.threads:
            kind, note = None, "This server keeps tables in the channel, so your practice table is here."
        elif may_post_in_threads and permissions.create_private_threads:
            kind = discord.ChannelType.private_thread
        elif may_post_in_threads and permissions.create_public_threads:
            kind = discord.ChannelType.public_thread
            note = (
                "I may not open private threads here (I need Create Private Threads), so your practice table is in "
                "a public thread: others can watch, but only you play."
            )
        else:
            kind = None
            note = (
                "I may not open threads here (I need Create Private Threads and Send Messages in Threads), so your "
                "practice table is in this channel: others can watch, but only you play."
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        if kind is not None:
            try:
                where = await channel.create_thread(
                    name=fit_text(f"{rules.title} practice", THREAD_NAME),
                    type=kind,
                    auto_archive_duration=ARCHIVE_AFTER_A_WEEK,
                    invitable=False,
                )
                await where.add_user(interaction.user)
            except discord.HTTPException as error:
                log.warning("could not open a practice thread in channel %s: %s", channel.id, error)
                if where is not None:
                    await self._delete_quietly(where)
                await reply_privately(interaction, OPEN_FAILED)
                return
        target = where or channel
        clock = CLOCKS.get(server.clock)  # as /play's: a practice left alone is played out by a computer
        try:
            result = await self.host.open_practice(
                guild_id=interaction.guild_id,
                channel_id=target.id,
                parent_channel_id=channel.id if where is not None else None,
                game=game,
                opener_id=interaction.user.id,
                opener_name=inert(interaction.user.display_name, NAME_LIMIT),
                clock=timedelta(seconds=clock) if clock else None,
            )
        except Refusal:
            if where is not None:
                await self._delete_quietly(where)
            raise
        snapshot = result.snapshot
        match = snapshot.match
        try:
            board = await target.send(**self.display.board_message(snapshot))
        except discord.HTTPException as error:
            log.warning("could not post the board of practice table %s: %s", match.id, error)
            await self.host.abandon(match.id, match.opener_id)
            if where is not None:
                await self._delete_quietly(where)
            await reply_privately(interaction, OPEN_FAILED)
            return
        await self.host.attach_board(match.id, board.id)
        self.display.board_posted(match.channel_id)
        self.display.board_answered(match, shown=True)
        self.display.deal_out(snapshot)
        if where is not None:
            try:
                await where.edit(name=fit_text(f"{rules.title} practice #{match.id}", THREAD_NAME))
            except discord.HTTPException as error:
                log.warning("could not name the thread of practice table %s: %s", match.id, error)
        await interaction.followup.send(_opened_text(snapshot, self.games[game], note), ephemeral=True)

    @staticmethod
    async def _delete_quietly(thread: discord.Thread) -> None:
        try:
            await thread.delete()
        except discord.HTTPException as error:
            log.warning("could not delete the unused practice thread %s: %s", thread.id, error)

    async def hint_requested(self, interaction: discord.Interaction, match_id: int, pin: str) -> None:
        """Hint on a private panel: the move a computer would make for the clicker, and why; or why there is none."""
        if not _offered(interaction) or not _is_private(interaction):
            await reply_privately(interaction, "Hint works on your own panel only: press your panel's button.")
            return
        try:
            given = await answered_in_time(interaction, self.host.hint(match_id, interaction.user.id, pin))
        except Refusal as refusal:
            await reply_privately(interaction, _no_hint_text(refusal))
            return
        rules = self.games[given.match.game].rules
        if given.hint is None or not offers_hints(given.match, rules):
            await reply_privately(interaction, "I have no move to suggest here: every choice is as good as another.")
            return
        await reply_privately(interaction, f"💡 {given.hint.line}\n-# {HINT_CHANGES_NOTHING}")


def _opened_text(snapshot: Snapshot, game: Game, note: str) -> str:
    match = snapshot.match
    computers = [player.name for player in match.players if player.is_computer]
    against = f"{len(computers)} computer player{'s' if len(computers) != 1 else ''} ({', '.join(computers)})"
    lines = [f"Your practice table for **{game.title}** is ready in <#{match.channel_id}>: you against {against}."]
    lines.append(NOT_RATED)
    if offers_hints(match, game.rules):
        lines.append(
            f"Your panel (**{game.renderer.panel_label}** on the board) has a **Hint** button: the move a computer "
            "would make for you, and why."
        )
    if note:
        lines.append(note)
    return "\n".join(lines)


def _no_hint_text(refusal: Refusal) -> str:
    """Why there is no hint, in the player's words."""
    if refusal.reason is RefusalReason.STALE_BOARD:
        return "No hint for that panel: it is out of date. Press the board's button for your current one."
    if refusal.reason is RefusalReason.NOT_YOUR_TURN:
        waiting = ", ".join(refusal.details["waiting_for"])
        return f"No hint now: it is not your turn (waiting for {waiting}). Hints are for your own moves."
    if refusal.reason is RefusalReason.GAME_OVER:
        return "No hint: this game is over."
    return refusal_text(refusal)
