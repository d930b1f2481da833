"""The table controller: turns slash commands and clicks into host calls, and answers the user who asked.

Every refusal is a short ephemeral reply naming the reason, and changes nothing. A click on the board is
answered by editing the board through the interaction response itself (one REST call); anything slower
(DMs, announcements, edits of other messages) runs after the response.
"""

from __future__ import annotations

import functools
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from datetime import timedelta
from typing import Concatenate, ParamSpec

import discord

from bot.discord_ui.display import TableDisplay
from bot.discord_ui.options import parse_options
from bot.discord_ui.renderers import TypedMove
from bot.engine import GameRules
from bot.matches import Match, MatchHost, MatchStatus, Refusal

log = logging.getLogger(__name__)

Params = ParamSpec("Params")
ARCHIVE_AFTER_A_WEEK = 10080
HANDLED_MESSAGES_KEPT = 2000


async def reply_privately(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer, whether or not the interaction was already answered."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def answers_refusals(
    handler: Callable[Concatenate[TableController, discord.Interaction, Params], Awaitable[None]],
) -> Callable[Concatenate[TableController, discord.Interaction, Params], Awaitable[None]]:
    """Answer a Refusal with its message, and an unexpected error with an apology, both ephemerally."""

    @functools.wraps(handler)
    async def guarded(
        self: TableController, interaction: discord.Interaction, *args: Params.args, **kwargs: Params.kwargs
    ) -> None:
        try:
            await handler(self, interaction, *args, **kwargs)
        except Refusal as refusal:
            await reply_privately(interaction, refusal.message)
        except discord.HTTPException:
            raise
        except Exception:
            log.exception("failed to handle %s", handler.__name__)
            await reply_privately(interaction, "Something went wrong on my side. Try again, or see /status.")

    return guarded


class TableController:
    def __init__(self, host: MatchHost, display: TableDisplay, games: Mapping[str, GameRules]) -> None:
        self.host = host
        self.display = display
        self.games = games
        self._handled_messages: deque[int] = deque(maxlen=HANDLED_MESSAGES_KEPT)

    # -- slash commands ------------------------------------------------------------------------------------

    @answers_refusals
    async def open_table(
        self,
        interaction: discord.Interaction,
        game: str,
        *,
        thread: bool | None,
        options_text: str,
        reminder_hours: int | None,
    ) -> None:
        rules = self.games[game]
        try:
            options = rules.resolve_options(parse_options(rules, options_text))
        except ValueError as error:
            await reply_privately(interaction, str(error))
            return
        channel = interaction.channel
        in_thread = isinstance(channel, discord.Thread)
        permissions = interaction.app_permissions
        may_open_threads = permissions.create_public_threads and permissions.send_messages_in_threads
        use_thread = not in_thread and (may_open_threads if thread is None else thread)
        if use_thread and not may_open_threads:
            await reply_privately(
                interaction,
                "I can't open a thread here: I need the Create Public Threads and Send Messages in Threads "
                "permissions. Ask an admin, or use `thread: False` to play in this channel.",
            )
            return
        if not (permissions.send_messages_in_threads if in_thread else permissions.send_messages):
            await reply_privately(interaction, "I can't post in this channel: I need the Send Messages permission.")
            return
        table = {
            "guild_id": interaction.guild_id,
            "game": game,
            "opener_id": interaction.user.id,
            "opener_name": interaction.user.display_name,
            "options": options,
        }
        if reminder_hours is not None:
            table["reminder_after"] = timedelta(hours=reminder_hours)

        if not use_thread:
            match = await self.host.open_table(channel_id=interaction.channel_id, **table)
            response = await interaction.response.send_message(**self.display.board_message(match))
            await self.host.attach_board(match.id, response.message_id)
            return

        await interaction.response.defer(thinking=True)
        new_thread = await channel.create_thread(
            name=f"{rules.title} table",
            type=discord.ChannelType.public_thread,
            auto_archive_duration=ARCHIVE_AFTER_A_WEEK,
        )
        match = await self.host.open_table(channel_id=new_thread.id, **table)
        board = await new_thread.send(**self.display.board_message(match))
        await self.host.attach_board(match.id, board.id)
        await interaction.followup.send(
            f"{interaction.user.mention} opened a **{rules.title}** table in {new_thread.mention}: join it there!"
        )

    @answers_refusals
    async def show_status(self, interaction: discord.Interaction) -> None:
        match = await self.host.table_in_channel(interaction.channel_id)
        lines = [f"Board: {self._board_link(match)}"]
        actors = self.host.actors(match)
        if actors:
            lines.append("Waiting for: " + ", ".join(match.at_seat(seat).mention for seat in sorted(actors)))
        await interaction.response.send_message("\n".join(lines), ephemeral=True, **self.display.board_message(match))

    @answers_refusals
    async def leave(self, interaction: discord.Interaction) -> None:
        match = await self.host.table_in_channel(interaction.channel_id)
        match = await self.host.leave(match.id, interaction.user.id)
        await reply_privately(interaction, "You left the table.")
        self.display.refresh_board(match.id)

    @answers_refusals
    async def remove_player(self, interaction: discord.Interaction, member: discord.abc.User) -> None:
        match = await self.host.table_in_channel(interaction.channel_id)
        await self.host.remove_player(match.id, interaction.user.id, member.id)
        await reply_privately(interaction, f"Removed {member.mention} from the table.")
        self.display.refresh_board(match.id)

    @answers_refusals
    async def abandon(self, interaction: discord.Interaction) -> None:
        match = await self.host.table_in_channel(interaction.channel_id)
        permissions = interaction.permissions
        is_admin = permissions.manage_channels or permissions.manage_guild
        match = await self.host.abandon(match.id, interaction.user.id, is_admin=is_admin)
        title = self.host.rules_for(match).title
        await interaction.response.send_message(f"{interaction.user.mention} abandoned the {title} table.")
        self.display.refresh_board(match.id)

    # -- components ----------------------------------------------------------------------------------------

    @answers_refusals
    async def lobby_clicked(self, interaction: discord.Interaction, match_id: int, verb: str) -> None:
        user = interaction.user
        if verb == "join":
            match = await self.host.join(match_id, user.id, user.display_name)
        elif verb == "leave":
            match = await self.host.leave(match_id, user.id)
        else:
            match = (await self.host.start(match_id, user.id)).match
        await self._show_on_board(interaction, match)
        if match.status is MatchStatus.PLAYING:
            self.display.deal_out(match)

    @answers_refusals
    async def hand_requested(self, interaction: discord.Interaction, match_id: int) -> None:
        match = await self.host.get(match_id)
        player = match.player(interaction.user.id)
        if player is None:
            await reply_privately(interaction, "You are not playing in this game.")
        elif match.status is MatchStatus.LOBBY:
            await reply_privately(interaction, "The game has not started yet.")
        elif match.status is not MatchStatus.PLAYING:
            await reply_privately(interaction, "This game is over.")
        else:
            await interaction.response.send_message(ephemeral=True, **self.display.panel_message(match, player.seat))

    @answers_refusals
    async def action_chosen(self, interaction: discord.Interaction, match_id: int, version: int, action: str) -> None:
        result = await self.host.act(match_id, interaction.user.id, action, expected_version=version)
        match = result.match
        on_board = interaction.message is not None and interaction.message.id == match.board_message_id
        if on_board:
            self.display.remember(match, result.events)
            await interaction.response.edit_message(**self.display.board_message(match))
        else:
            seat = match.player(interaction.user.id).seat
            told = "\n".join(self.display.renderers[match.game].describe(match, result.events, seat))
            if match.status is MatchStatus.PLAYING:
                await interaction.response.edit_message(**self.display.panel_message(match, seat, heading=told))
            else:
                await interaction.response.edit_message(content=f"{told}\nThe game is over.", embed=None, view=None)
        self.display.after_change(match, result.events, sorted(result.turn_started_for), board_shown=on_board)

    # -- typed messages ------------------------------------------------------------------------------------

    def handled_message(self, message_id: int) -> bool:
        """Whether this chat message has been read (and applied, if it was a move)."""
        return message_id in self._handled_messages

    async def message_typed(self, message: discord.Message) -> None:
        """A chat message in a channel whose game takes typed moves (Anomia answers): apply it, or say why not."""
        if message.author.bot or not message.content or message.guild is None:
            return
        # A gateway replay can deliver a message twice; a move must count once.
        if message.id in self._handled_messages:
            return
        try:
            await self._read_typed(message)
        finally:
            self._handled_messages.append(message.id)

    async def _read_typed(self, message: discord.Message) -> None:
        match = await self.host.game_in_channel(message.channel.id)
        if match is None:
            return
        move = self._typed_move(match, message.author.id, message.id, message.content)
        if move is None:
            return
        try:
            if move.for_game:
                result = await self.host.act_for_game(match.id, move.action)
            else:
                result = await self.host.act(match.id, message.author.id, move.action)
        except Refusal as refusal:
            if not move.for_game:
                await message.reply(refusal.message, mention_author=False)
            return
        self.display.after_change(result.match, result.events, sorted(result.turn_started_for))

    @answers_refusals
    async def answer_command(self, interaction: discord.Interaction, text: str) -> None:
        """/answer: the same as typing in chat, for servers where the bot cannot read messages."""
        match = await self.host.game_in_channel(interaction.channel_id)
        move = match and self._typed_move(match, interaction.user.id, interaction.id, text)
        if match is None or move is None or move.for_game:
            await reply_privately(interaction, "There is nothing for you to answer here right now.")
            return
        result = await self.host.act(match.id, interaction.user.id, move.action)
        await interaction.response.send_message(f"{interaction.user.mention} answered: **{text}**")
        self.display.after_change(result.match, result.events, sorted(result.turn_started_for))

    def _typed_move(self, match: Match, user_id: int, message_id: int, text: str) -> TypedMove | None:
        # Runs for every chat message in a game's channel, so the state is decoded once.
        rules = self.host.rules_for(match)
        state = self.host.state_of(match)
        player = match.player(user_id)
        seat = player.seat if player is not None and player.seat in rules.actors(state) else None
        renderer = self.display.renderers[match.game]
        return renderer.typed_move(match, rules.view(state, None), seat, message_id, text.strip())

    # -- helpers -------------------------------------------------------------------------------------------

    async def _show_on_board(self, interaction: discord.Interaction, match: Match) -> None:
        if interaction.message is not None and interaction.message.id == match.board_message_id:
            await interaction.response.edit_message(**self.display.board_message(match))
            self.display.board_edited_by_interaction(match.id)
        else:
            await reply_privately(interaction, "Done.")
            self.display.refresh_board(match.id)

    @staticmethod
    def _board_link(match: Match) -> str:
        if match.board_message_id is None:
            return f"<#{match.channel_id}>"
        guild = match.guild_id or "@me"
        return f"https://discord.com/channels/{guild}/{match.channel_id}/{match.board_message_id}"
