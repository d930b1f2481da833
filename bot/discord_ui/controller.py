"""The table controller: turns slash commands and clicks into host calls, and answers the user who asked.

Every refusal is a short ephemeral reply naming the reason, and changes nothing: a refusal or a failure raised
here is answered where the interaction came in (bot/discord_ui/failures.py). A click on the board is
answered by editing the board through the interaction response itself (one REST call); anything slower
(DMs, announcements, edits of other messages) runs after the response.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Awaitable, Mapping
from datetime import timedelta
from typing import Any, TypeVar

import discord

from bot.catalogue import Game
from bot.discord_ui.board_messages import table_link
from bot.discord_ui.components import CUSTOM_ID_PREFIX, Controls, EntryBox, LeaveGameButton, SeatSelect, route_click
from bot.discord_ui.display import TableDisplay
from bot.discord_ui.failures import answer_failure, reply_privately
from bot.discord_ui.limits import CONTENT, THREAD_NAME, fit_lines, fit_text
from bot.discord_ui.my_games import board_link
from bot.discord_ui.options import CLOCKS, OPTIONS_TEXT_LIMIT, REMINDER_HOURS, parse_options
from bot.discord_ui.standings import forfeit_text
from bot.discord_ui.wording import NAME_LIMIT, inert, mention, refusal_text
from bot.matches import Match, MatchHost, MatchStatus, Player, Refusal, RefusalReason, Snapshot
from bot.matches.locks import MatchLocks
from bot.matches.pins import is_board_pin
from bot.players import ServerSettings

log = logging.getLogger(__name__)

Answer = TypeVar("Answer")
ARCHIVE_AFTER_A_WEEK = 10080
HANDLED_MESSAGES_KEPT = 2000
THREAD_TABLES_LISTED = 10
"""Tables in a channel's threads that /status there lists, a line each."""
OPEN_FAILED = (
    "Discord would not let me set up the table here (a permission, or a hiccup on its side), so nothing was opened."
    " Try again, or use `/play` in another channel."
)
NOT_OFFERED = "That choice was not offered on this message. Use the buttons and menus the bot gave you."


async def answer_to_a_change(interaction: discord.Interaction, answering: Awaitable[Answer]) -> Answer | None:
    """Await the answer to an interaction whose change is already committed: the change is shown all the same
    (its board, notices and announcements do not wait on the answer), so an answer Discord refused, or took after
    its 3-second deadline (NotFound 10062), is only logged, and None returned."""
    try:
        return await answering
    except discord.HTTPException as error:
        log.warning("could not answer interaction %s (%s); its change is shown all the same", interaction.id, error)
        return None


class TableController:
    def __init__(self, host: MatchHost, display: TableDisplay, games: Mapping[str, Game]) -> None:
        self.host = host
        self.display = display
        self.games = games
        self._handled_messages: deque[int] = deque(maxlen=HANDLED_MESSAGES_KEPT)
        self._playing_again = MatchLocks()
        """Held per finished table while a Play again on it is answered: two players pressing it at once sit at
        one new table."""

    # -- slash commands ------------------------------------------------------------------------------------

    async def open_table(
        self,
        interaction: discord.Interaction,
        game: str,
        *,
        thread: bool | None,
        options_text: str,
        reminder_hours: int | None,
        clock: str | None = None,
        forfeit: bool | None = None,
    ) -> None:
        if game not in self.games:
            await reply_privately(interaction, f"There is no game called {inert(game, 40)}: pick one from the list.")
            return
        if reminder_hours is not None and not REMINDER_HOURS[0] <= reminder_hours <= REMINDER_HOURS[1]:
            await reply_privately(
                interaction, f"reminder_hours must be {REMINDER_HOURS[0]} to {REMINDER_HOURS[1]} hours."
            )
            return
        if clock is not None and clock not in CLOCKS:
            await reply_privately(interaction, "Choose the clock from the list.")
            return
        server = await self.host.server_settings(interaction.guild_id)
        clock = server.clock if clock is None else clock
        if thread is None and not server.threads:
            thread = False  # the server's admins keep tables in the channel
        if len(options_text) > OPTIONS_TEXT_LIMIT:
            await reply_privately(interaction, f"Those options are too long ({OPTIONS_TEXT_LIMIT} characters at most).")
            return
        rules = self.games[game].rules
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
        problem = posting_problem(permissions, in_thread, self.games[game])
        if problem:
            await reply_privately(interaction, problem)
            return
        table = {
            "guild_id": interaction.guild_id,
            "game": game,
            "opener_id": interaction.user.id,
            "opener_name": inert(interaction.user.display_name, NAME_LIMIT),
            "options": options,
        }
        if reminder_hours is not None:
            table["reminder_after"] = timedelta(hours=reminder_hours)
        table["clock"] = timedelta(seconds=CLOCKS[clock]) if CLOCKS.get(clock) else None
        table["leaver_forfeits"] = bool(forfeit)

        if not use_thread:
            match = await self.host.open_table(channel_id=interaction.channel_id, **table)
            try:
                response = await interaction.response.send_message(
                    **self.display.board_message(self.host.snapshot(match))
                )
            except discord.HTTPException as error:
                await self._open_failed(interaction, match, error)
                return
            await self.host.attach_board(match.id, response.message_id)
            self.display.board_posted(match.channel_id)
            await self._announce_open(match, server)
            return

        await interaction.response.defer(thinking=True)
        match = await self._open_in_thread(interaction, channel, table)
        if match is None:
            return
        await interaction.followup.send(
            f"{interaction.user.mention} opened a table for **{rules.title}** in <#{match.channel_id}>: join it there!"
        )
        await self._announce_open(match, server)

    async def _open_in_thread(
        self, interaction: discord.Interaction, parent: discord.TextChannel, table: dict[str, Any]
    ) -> Match | None:
        """Open the table in a new thread of `parent`, named for its game and number ("Anarchy #12"), and post its
        board there; None when Discord refused a step (the user was told, and no table is left open)."""
        title = self.games[table["game"]].rules.title
        try:
            thread = await parent.create_thread(
                name=f"{title} table",
                type=discord.ChannelType.public_thread,
                auto_archive_duration=ARCHIVE_AFTER_A_WEEK,
            )
        except discord.HTTPException as error:
            await self._open_failed(interaction, None, error)
            return None
        match = await self.host.open_table(channel_id=thread.id, parent_channel_id=parent.id, **table)
        try:
            # The number is the table's id, known only once the thread it sits in exists.
            await thread.edit(name=fit_text(f"{title} #{match.id}", THREAD_NAME))
        except discord.HTTPException as error:
            log.warning("could not name the thread of table %s: %s", match.id, error)
        snapshot = await self.host.with_link(self.host.snapshot(match))
        try:
            board = await thread.send(**self.display.board_message(snapshot))
        except discord.HTTPException as error:
            await self._open_failed(interaction, match, error)
            return None
        await self.host.attach_board(match.id, board.id)
        self.display.board_posted(match.channel_id)
        return match.with_changes(board_message_id=board.id)

    async def _announce_open(self, match: Match, server: ServerSettings) -> None:
        """Tell the server's players' role that a table looks for players (/server-settings), where its board is: in
        the channel people watch, the one a thread table's thread belongs to."""
        if server.announce_role_id is None:
            return
        rules = self.games[match.game].rules
        where = f" in <#{match.channel_id}>" if match.parent_channel_id is not None else ""
        text = (
            f"<@&{server.announce_role_id}> {rules.title} table open, {len(match.players)} of {rules.max_players} "
            f"seats: press **Join** on its board{where}."
        )
        try:
            await self.display.client.get_partial_messageable(match.parent_channel_id or match.channel_id).send(
                text, allowed_mentions=discord.AllowedMentions(roles=[discord.Object(server.announce_role_id)])
            )
        except discord.HTTPException as error:
            log.warning("could not announce table %s: %s", match.id, error)

    async def _open_failed(self, interaction: discord.Interaction, match: Match | None, error: Exception) -> None:
        """Discord refused a step of opening a table (/play, Play again): close the table it left without a board,
        and say so."""
        log.warning("could not open a table in channel %s: %s", interaction.channel_id, error)
        if match is not None:
            await self.host.abandon(match.id, match.opener_id)
        await reply_privately(interaction, OPEN_FAILED)

    async def show_status(self, interaction: discord.Interaction) -> None:
        """The table in this channel or thread, with its board, and in a channel the tables in its threads."""
        in_threads = []
        if not isinstance(interaction.channel, discord.Thread):
            in_threads = await self.host.tables_in_threads_of(
                interaction.channel_id, THREAD_TABLES_LISTED + 1, shown_to=interaction.user.id
            )
        try:
            snapshot = await self.host.table_in_channel(interaction.channel_id)
        except Refusal:
            if not in_threads:
                raise
            snapshot = None
        lines, message = [], {}
        if snapshot is not None:
            match = snapshot.match
            lines.append(f"Board: {board_link(match)}")
            if snapshot.actors:
                waiting = ", ".join(mention(match.at_seat(seat)) for seat in sorted(snapshot.actors))
                lines.append(f"Waiting for: {waiting}")
            message = self.display.board_message(snapshot)
        if in_threads:
            lines.extend(["", "**Tables in this channel's threads**", *self._thread_table_lines(in_threads)])
        await interaction.response.send_message(fit_lines(lines, CONTENT).strip(), ephemeral=True, **message)

    def _thread_table_lines(self, tables: list[Snapshot]) -> list[str]:
        """The live tables in a channel's threads, a line each: the game, its number and board, and whom it waits
        for (or, in a lobby, its seats)."""
        lines = []
        for snapshot in tables[:THREAD_TABLES_LISTED]:
            match = snapshot.match
            rules = self.games[match.game].rules
            if match.status is MatchStatus.LOBBY:
                seated = len(self.host.everyone_at(match))
                state = f"open, {seated} of {rules.max_players} seats: press **Join** on its board"
            else:
                state = "waiting for " + ", ".join(mention(match.at_seat(seat)) for seat in sorted(snapshot.actors))
            lines.append(f"{rules.title} [#{match.id}]({board_link(match)}) in <#{match.channel_id}>: {state}")
        if len(tables) > THREAD_TABLES_LISTED:
            lines.append(f"…and more; these are the {THREAD_TABLES_LISTED} oldest.")
        return lines

    async def leave(self, interaction: discord.Interaction) -> None:
        table = await self.host.table_in_channel(interaction.channel_id)
        match = table.match
        if match.has_departed(interaction.user.id):
            await reply_privately(interaction, "You already left this game.")
            return
        if match.status is MatchStatus.PLAYING and match.player(interaction.user.id) is not None:
            if match.player(interaction.user.id).left:
                await reply_privately(interaction, "You already left this game.")
                return
            view = Controls()
            view.add_item(LeaveGameButton(match.id))
            forfeits = match.leaver_forfeits and len(match.players) == 2
            question = (
                "Leave this game? You forfeit it: the other player wins."
                if forfeits
                else "Leave this game? A computer plays your seat for the rest of it, the result will say you left, "
                "and you cannot come back to it."
            )
            await interaction.response.send_message(question, view=view, ephemeral=True)
            return
        await self.host.leave(match.id, interaction.user.id)
        await reply_privately(interaction, "You left the table.")
        self.display.refresh_board(match.id)

    async def leave_game(self, interaction: discord.Interaction, match_id: int) -> None:
        """The confirmation of /leave in a running game."""
        snapshot = await self.host.leave_game(match_id, interaction.user.id)
        match = snapshot.match
        if match.status is MatchStatus.FINISHED:
            self.display.on_table_over(match)
        if match.status is MatchStatus.FINISHED:
            await interaction.response.edit_message(content="You left the game and forfeited it.", view=None)
            await self.display.post(match, f"🚪 {forfeit_text(match)}")
        else:
            await interaction.response.edit_message(
                content="You left the game: a computer plays your seat for the rest of it.", view=None
            )
            name = match.player(interaction.user.id).name
            await self.display.post(match, f"🚪 {name} left the game: a computer plays their seat from now on.")
        self.display.refresh_board(match_id)

    async def take_seat_requested(self, interaction: discord.Interaction, match_id: int) -> None:
        """Take a seat on a running game's board: the free seat, or of several, a menu to pick one from."""
        free = self.host.seats_to_take(await self.host.get(match_id), interaction.user.id)
        if len(free) == 1:
            await self._take_seat(interaction, match_id, free[0].seat, picked=False)
            return
        view = Controls()
        view.add_item(SeatSelect(match_id, [(_seat_label(player), str(player.seat)) for player in free]))
        await interaction.response.send_message("Several seats are free: which do you take?", view=view, ephemeral=True)

    async def seat_picked(self, interaction: discord.Interaction, match_id: int, seat: str) -> None:
        """The seat picked in the menu Take a seat offered."""
        if not _offered(interaction) or not _is_private(interaction) or not seat.isdigit():
            await reply_privately(interaction, NOT_OFFERED)
            return
        await self._take_seat(interaction, match_id, int(seat), picked=True)

    async def _take_seat(self, interaction: discord.Interaction, match_id: int, seat: int, *, picked: bool) -> None:
        """Take the seat over, and answer with the newcomer's panel: in place of the menu they picked it from, or
        in a private reply to the board's button; then tell the table."""
        user = interaction.user
        taken = await self.host.take_seat(match_id, user.id, inert(user.display_name, NAME_LIMIT), seat)
        snapshot, former = taken.snapshot, taken.former
        match = snapshot.match
        try:
            heading = f"You took over {former.name}'s seat: you play it from now on."
            if self.display.renderer(match).has_private_panel:
                answer = self.display.panels.message(snapshot, seat, heading=heading)
            else:
                answer = {"content": heading, "embed": None, "view": None}
            if picked:
                await answer_to_a_change(interaction, interaction.response.edit_message(**answer))
            else:
                answer = {key: value for key, value in answer.items() if value is not None}
                await answer_to_a_change(interaction, interaction.response.send_message(ephemeral=True, **answer))
        finally:
            self.display.refresh_board(match_id)
        await self.display.post(match, f"🪑 {user.mention} took over {former.name}'s seat.")

    async def remove_player(self, interaction: discord.Interaction, member: discord.abc.User) -> None:
        table = await self.host.table_in_channel(interaction.channel_id)
        await self.host.remove_player(table.match.id, interaction.user.id, member.id)
        await reply_privately(interaction, f"Removed {member.mention} from the table.")
        self.display.refresh_board(table.match.id)

    async def abandon(self, interaction: discord.Interaction) -> None:
        table = await self.host.table_in_channel(interaction.channel_id)
        permissions = interaction.permissions
        is_admin = permissions.manage_channels or permissions.manage_guild
        match = await self.host.abandon(table.match.id, interaction.user.id, is_admin=is_admin)
        self.display.on_table_over(match)
        title = self.games[match.game].title
        await interaction.response.send_message(f"{interaction.user.mention} abandoned the {title} table.")
        self.display.refresh_board(match.id)

    # -- components ----------------------------------------------------------------------------------------

    async def lobby_clicked(self, interaction: discord.Interaction, match_id: int, verb: str) -> None:
        user = interaction.user
        if verb == "join":
            snapshot = self.host.snapshot(await self.host.join(match_id, user.id, inert(user.display_name, NAME_LIMIT)))
        elif verb == "leave":
            snapshot = self.host.snapshot(await self.host.leave(match_id, user.id))
        else:
            snapshot = (await self.host.start(match_id, user.id)).snapshot
        try:
            await self._show_on_board(interaction, snapshot)
        finally:
            if snapshot.match.status is MatchStatus.PLAYING:
                self.display.deal_out(snapshot)

    async def play_again(self, interaction: discord.Interaction, match_id: int) -> None:
        """Play again on a finished board: a player of that game opens a new table with its game and options, or
        sits at the one a player opened from it already; anyone else is pointed to that one to Join it."""
        async with self._playing_again.hold(match_id):
            finished = await self.host.load(match_id)
            old, follower = finished.match, finished.linked
            if old.status is not MatchStatus.FINISHED:
                await reply_privately(interaction, NOT_OFFERED)
                return
            user = interaction.user
            lobby_open = follower is not None and follower.status is MatchStatus.LOBBY
            if old.player(user.id) is None:
                await reply_privately(interaction, _not_a_player_text(old, follower))
            elif follower is not None and follower.status is MatchStatus.PLAYING:
                await reply_privately(interaction, f"{table_link(follower)}, opened from this one, has started.")
            elif lobby_open and follower.player(user.id) is not None:
                await reply_privately(interaction, f"You are already at {table_link(follower)}, opened from this one.")
            elif lobby_open:
                await self.host.join(follower.id, user.id, inert(user.display_name, NAME_LIMIT))
                self.display.refresh_board(follower.id)
                await reply_privately(interaction, f"You joined {table_link(follower)}, opened from this one.")
            else:
                await self._open_again(interaction, finished)

    async def _open_again(self, interaction: discord.Interaction, finished: Snapshot) -> None:
        """Open the table that plays `finished` again, with the clicker as its opener: in a new thread of the
        channel the bot opened the old one's thread in, else where the old one was (free, now it is over). The
        old board then links to it, and it to the old board."""
        old = finished.match
        user = interaction.user
        table = {
            "guild_id": old.guild_id,
            "game": old.game,
            "opener_id": user.id,
            "opener_name": inert(user.display_name, NAME_LIMIT),
            "options": old.options,
            "reminder_after": timedelta(seconds=old.reminder_after_seconds),
            "clock": timedelta(seconds=old.clock_seconds) if old.clock_seconds else None,
            "leaver_forfeits": old.leaver_forfeits,
            "follows_match_id": old.id,
        }
        await interaction.response.defer()
        client = self.display.client
        if old.parent_channel_id is not None:
            try:
                parent = client.get_channel(old.parent_channel_id) or await client.fetch_channel(old.parent_channel_id)
            except discord.HTTPException as error:
                await self._open_failed(interaction, None, error)
                return
            match = await self._open_in_thread(interaction, parent, table)
        else:
            match = await self.host.open_table(channel_id=old.channel_id, **table)
            snapshot = await self.host.with_link(self.host.snapshot(match))
            try:
                channel = client.get_partial_messageable(old.channel_id)
                board = await channel.send(**self.display.board_message(snapshot))
            except discord.HTTPException as error:
                await self._open_failed(interaction, match, error)
                return
            await self.host.attach_board(match.id, board.id)
            self.display.board_posted(match.channel_id)
            match = match.with_changes(board_message_id=board.id)
        if match is None:
            return
        await self._show_link_on_board(interaction, finished.with_link(match))
        await reply_privately(interaction, f"You opened {table_link(match)} to play again: the others can join it.")
        if old.parent_channel_id is not None:
            title = self.games[old.game].rules.title
            where = f"<#{match.channel_id}>"
            text = f"{user.mention} opened {table_link(match)} to play **{title}** again: join it in {where}!"
            try:
                await client.get_partial_messageable(old.parent_channel_id).send(text)
            except discord.HTTPException as error:
                log.warning("could not tell channel %s of table %s: %s", old.parent_channel_id, match.id, error)
        await self._announce_open(match, await self.host.server_settings(old.guild_id))

    async def _show_link_on_board(self, interaction: discord.Interaction, finished: Snapshot) -> None:
        """Show the finished board with its Play again link through the deferred answer to the click on it (or, if
        an edit of it is on its way, by the next edit)."""
        match = finished.match
        shown = False
        if interaction.message.id == match.board_message_id and self.display.claim_board(match.id):
            try:
                board = self.display.board_message(finished, editing=True)
                shown = await answer_to_a_change(interaction, interaction.edit_original_response(**board)) is not None
            finally:
                self.display.release_board(match.id)
        self.display.board_answered(match, shown=shown)

    async def option_chosen(self, interaction: discord.Interaction, match_id: int, setting: str) -> None:
        """The opener picked `key=value` in the lobby's options menu."""
        if not _offered(interaction):
            await reply_privately(interaction, NOT_OFFERED)
            return
        match = await self.host.get(match_id)
        rules = self.games[match.game].rules
        try:
            ((key, value),) = parse_options(rules, setting).items()
        except ValueError:
            await reply_privately(interaction, NOT_OFFERED)
            return
        snapshot = self.host.snapshot(await self.host.set_option(match_id, interaction.user.id, key, value))
        await self._show_on_board(interaction, snapshot)

    async def hand_requested(self, interaction: discord.Interaction, match_id: int) -> None:
        snapshot = await self.host.load(match_id)
        match = snapshot.match
        player = self.host.still_playing(match, interaction.user.id)
        if match.status is MatchStatus.LOBBY:
            await reply_privately(interaction, refusal_text(Refusal(RefusalReason.NOT_STARTED)))
        elif match.status is not MatchStatus.PLAYING:
            await reply_privately(interaction, refusal_text(Refusal(RefusalReason.GAME_OVER, status=match.status)))
        else:
            panel = await self.display.panels.guided(snapshot, player.seat)
            await interaction.response.send_message(ephemeral=True, **panel)

    async def action_chosen(self, interaction: discord.Interaction, match_id: int, pin: str, action: str) -> None:
        # Discord's own checks are no defence against a modified client: take only what this message offered,
        # and from a shared message only if it is this table's board (a private panel is the clicker's own).
        message = interaction.message
        private = _is_private(interaction)
        if not _offered(interaction):
            await reply_privately(interaction, NOT_OFFERED)
            return
        if not private:
            board_id = (await self.host.get(match_id)).board_message_id
            if message.id != board_id:
                await reply_privately(interaction, NOT_OFFERED)
                return
        await self._take(interaction, match_id, pin, action, private=private)

    async def entry_requested(self, interaction: discord.Interaction, match_id: int, pin: str, verb: str) -> None:
        """A panel's button that opens a box to type a move in: open it, if that panel offers one now."""
        snapshot = await self.host.load(match_id)
        match = snapshot.match
        player = match.player(interaction.user.id)
        if not _offered(interaction) or not _is_private(interaction) or player is None:
            await reply_privately(interaction, NOT_OFFERED)
            return
        self.host.still_playing(match, player.user_id)
        if match.status is not MatchStatus.PLAYING:
            await reply_privately(interaction, refusal_text(Refusal(RefusalReason.GAME_OVER, status=match.status)))
            return
        if not snapshot.still_as_shown(player.seat, pin):
            await self._answer_out_of_date(interaction, snapshot, pin, private=True)
            return
        entry = self.display.renderer(match).panel(match, snapshot.seat_view(player.seat)).typed
        if entry is None or entry.verb != verb:
            await reply_privately(interaction, NOT_OFFERED)
            return
        box = EntryBox(match_id, pin, verb, entry.label, entry.field, entry.placeholder)
        await interaction.response.send_modal(box)

    async def entry_submitted(
        self, interaction: discord.Interaction, match_id: int, pin: str, verb: str, text: str
    ) -> None:
        """The text typed in a box an `EntryButton` opened: the move is the verb and the text."""
        if not _is_private(interaction):
            await reply_privately(interaction, NOT_OFFERED)
            return
        await self._take(interaction, match_id, pin, f"{verb} {' '.join(text.split())}", private=True)

    async def _take(
        self, interaction: discord.Interaction, match_id: int, pin: str, action: str, *, private: bool
    ) -> None:
        """Apply a move chosen on a board or a private panel, and answer by editing that message; a click whose
        control is out of date is answered with the board or panel as it is now."""
        try:
            result = await self.host.act(match_id, interaction.user.id, action, pin=pin)
        except Refusal as refusal:
            if refusal.reason is not RefusalReason.STALE_BOARD:
                raise
            await self._answer_out_of_date(interaction, await self.host.load(match_id), pin, private=private)
            return
        snapshot = result.snapshot
        match = snapshot.match
        board_shown = False
        try:
            if not private:
                self.display.remember(match, result.events)
                board_shown = await self._answer_with_board(interaction, snapshot)
            else:
                seat = match.player(interaction.user.id).seat
                told = "\n".join(self.display.renderer(match).describe(match, result.events, seat))
                if match.status is MatchStatus.PLAYING:
                    panel = await self.display.panels.guided(snapshot, seat, heading=told)
                    answer = interaction.response.edit_message(**panel)
                else:
                    answer = interaction.response.edit_message(
                        content=f"{told}\nThe game is over.", embed=None, view=None
                    )
                if await answer_to_a_change(interaction, answer) is not None and interaction.guild_id is None:
                    self.display.notices.dm_moves.clicked(interaction.user.id, interaction)
        finally:
            self.display.after_change(snapshot, result.events, sorted(result.turn_started_for), board_shown=board_shown)

    async def _answer_out_of_date(
        self, interaction: discord.Interaction, snapshot: Snapshot, pin: str, *, private: bool
    ) -> None:
        """A click on a control (pinned so) that no longer shows what its player would choose from: show them the
        fresh one right there. A private message (a panel, or a copy of the board) is edited into it; the shared
        board is brought up to date and the clicker told why nothing happened."""
        match = snapshot.match
        if match.status is not MatchStatus.PLAYING:
            raise Refusal(RefusalReason.GAME_OVER, status=match.status)  # it ended meanwhile
        board = is_board_pin(pin) or not private
        said = refusal_text(Refusal(RefusalReason.STALE_BOARD, board=board))
        if private:
            if board:
                fresh = {**self.display.board_message(snapshot, editing=True), "content": said}
            else:
                seat = self.host.still_playing(match, interaction.user.id).seat
                fresh = self.display.panels.message(snapshot, seat, heading=said)
            await interaction.response.edit_message(**fresh)
            return
        board_shown = False
        try:
            board_shown = await self._answer_with_board(interaction, snapshot)
        finally:
            self.display.board_answered(match, shown=board_shown)
        await reply_privately(interaction, said)

    async def interaction_arrived(self, interaction: discord.Interaction) -> None:
        """Route a click on one of our controls, or a box's submission, by its custom_id (`route_click`).

        A click on a control that is not on the message clicked (a forged request), or whose custom_id this
        version of the bot does not make, changes nothing, and the user hears why; so does one refused or failed
        (`answer_failure`)."""
        if interaction.type not in (discord.InteractionType.component, discord.InteractionType.modal_submit):
            return
        custom_id = (interaction.data or {}).get("custom_id", "")
        if not custom_id.startswith(CUSTOM_ID_PREFIX):
            return
        table = custom_id.split(":", 3)[2:3]
        if table and table[0].isdigit():
            self.display.attention.seen(int(table[0]), interaction.user.id)
        try:
            clicked = interaction.type is discord.InteractionType.component
            forged = clicked and not _offered(interaction, values_too=False)
            if forged or not await route_click(interaction, custom_id):
                await reply_privately(interaction, NOT_OFFERED)
        except Exception as error:
            await answer_failure(interaction, error)

    # -- typed messages ------------------------------------------------------------------------------------

    def handled_message(self, message_id: int) -> bool:
        """Whether this chat message has been read (and applied, if it was a move)."""
        return message_id in self._handled_messages

    async def message_typed(self, message: discord.Message) -> None:
        """A chat message in a channel whose game takes typed moves: apply it, or say why not. The message may
        come live or be read again from the channel's history (missed_chat.py), where its channel is partial."""
        if message.author.bot or not message.content or isinstance(message.channel, discord.abc.PrivateChannel):
            return
        # A gateway replay can deliver a message twice; a move must count once.
        if self.handled_message(message.id):
            return
        try:
            # The message id is Discord's own order of arrival: the only thing a race is decided by.
            result = await self.host.act_typed(
                message.channel.id, message.author.id, message.content, message.id, from_chat=True
            )
        except Refusal as refusal:
            await message.reply(refusal_text(refusal), mention_author=False)
            return
        finally:
            self._handled_messages.append(message.id)
        if result is not None:
            self.display.attention.seen(result.snapshot.match.id, message.author.id)
            self.display.after_change(result.snapshot, result.events, sorted(result.turn_started_for))

    async def answer_command(self, interaction: discord.Interaction, text: str) -> None:
        """/answer: the same as typing a move in chat, for servers where the bot cannot read messages."""
        self.display.command_reply_coming(interaction.id)
        try:
            result = await self.host.act_typed(
                interaction.channel_id, interaction.user.id, text, interaction.id, from_chat=False
            )
        except BaseException:
            self.display.answered_by_command(interaction.id, None)
            raise
        self.display.attention.seen(result.snapshot.match.id, interaction.user.id)
        reply = None
        try:
            said = f"{interaction.user.mention} answered: **{inert(text)}**"
            reply = await answer_to_a_change(interaction, interaction.response.send_message(said))
        finally:
            self.display.answered_by_command(interaction.id, None if reply is None else reply.message_id)
            self.display.after_change(result.snapshot, result.events, sorted(result.turn_started_for))

    async def word_command(self, interaction: discord.Interaction, text: str) -> None:
        """/word: a word typed as a command, for servers where the bot cannot read messages. The channel hears
        of it from the game's own announcement, so the reply is the player's alone."""
        result = await self.host.act_typed(
            interaction.channel_id, interaction.user.id, text, interaction.id, from_chat=False
        )
        match = result.snapshot.match
        self.display.attention.seen(match.id, interaction.user.id)
        try:
            seat = match.player(interaction.user.id).seat
            told = self.display.renderer(match).describe(match, result.events, seat)
            await answer_to_a_change(interaction, reply_privately(interaction, "\n".join(told) or "Done."))
        finally:
            self.display.after_change(result.snapshot, result.events, sorted(result.turn_started_for))

    # -- helpers -------------------------------------------------------------------------------------------

    async def _show_on_board(self, interaction: discord.Interaction, snapshot: Snapshot) -> None:
        """Show a change of the lobby: through the answer when the click was on the board, else by an edit."""
        match = snapshot.match
        board_shown = False
        try:
            if interaction.message is not None and interaction.message.id == match.board_message_id:
                snapshot = await self.host.with_link(snapshot)  # a lobby Play again opened links back
                board_shown = await self._answer_with_board(interaction, snapshot)
            else:
                await answer_to_a_change(interaction, reply_privately(interaction, "Done."))
        finally:
            self.display.board_answered(match, shown=board_shown)

    async def _answer_with_board(self, interaction: discord.Interaction, snapshot: Snapshot) -> bool:
        """Answer a click on the board with the board itself (one REST call), unless an edit of the board is on
        its way: Discord could take the two in either order, and the older board would cover the newer. Then the
        click is only acknowledged, and the board's next edit shows its change as soon as that one has landed.
        True when the answer showed the board; the caller hands the change to the display either way."""
        match = snapshot.match
        if not self.display.claim_board(match.id):
            if await answer_to_a_change(interaction, interaction.response.defer()) is not None:
                self.display.board_clicked(match.id, interaction)
            return False
        try:
            board = self.display.board_message(snapshot, editing=True)
            shown = await answer_to_a_change(interaction, interaction.response.edit_message(**board)) is not None
        finally:
            self.display.release_board(match.id)
        if shown:
            self.display.board_clicked(match.id, interaction)
        return shown


def posting_problem(permissions: discord.Permissions, in_thread: bool, game: Game) -> str | None:
    """Why the bot may not post a table of this game where it was asked to (a permission it lacks), or None."""
    if not (permissions.send_messages_in_threads if in_thread else permissions.send_messages):
        return "I can't post in this channel: I need the Send Messages permission."
    if game.renderer.shows_picture and not permissions.attach_files:
        return f"{game.title} shows its board as a picture: I need the Attach Files permission here."
    return None


def _not_a_player_text(finished: Match, follower: Match | None) -> str:
    """The answer to a Play again pressed by someone who did not play the finished game: where the table opened
    from it is, if one is open or running."""
    refused = f"Only the players of table #{finished.id} can play it again."
    if follower is not None and follower.status is MatchStatus.LOBBY:
        return f"{refused} You can join {table_link(follower)}, opened from it: press **Join** on its board."
    if follower is not None and follower.status is MatchStatus.PLAYING:
        return f"{refused} {table_link(follower)}, opened from it, has started."
    return f"{refused} Once one of them does, you can join the new table from its board."


def _seat_label(player: Player) -> str:
    """A free seat as the menu of Take a seat names it: by who held it."""
    held = "a computer player" if player.is_computer else "left the game"
    return f"Seat {player.seat + 1}: {player.name} ({held})"


def _is_private(interaction: discord.Interaction) -> bool:
    """Whether the interaction came from a message only its user sees: an ephemeral reply or a DM."""
    message = interaction.message
    return message is not None and (message.flags.ephemeral or interaction.guild_id is None)


def _offered(interaction: discord.Interaction, *, values_too: bool = True) -> bool:
    """Whether the clicked control, and (with `values_too`) every value picked in it, is on the message."""
    data = interaction.data or {}
    custom_id, values = data.get("custom_id"), data.get("values") if values_too else None
    if interaction.message is None:
        return False
    for row in interaction.message.components:
        for control in getattr(row, "children", ()):
            if getattr(control, "custom_id", None) != custom_id:
                continue
            if values is None:
                return True
            choices = {option.value for option in getattr(control, "options", ())}
            return bool(values) and set(values) <= choices
    return False
