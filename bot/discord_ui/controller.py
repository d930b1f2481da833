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
from typing import TypeVar

import discord

from bot.catalogue import Game
from bot.discord_ui.board_messages import forfeit_text
from bot.discord_ui.components import CUSTOM_ID_PREFIX, Controls, EntryBox, LeaveGameButton, route_click
from bot.discord_ui.display import TableDisplay
from bot.discord_ui.failures import answer_failure, reply_privately
from bot.discord_ui.options import CLOCKS, OPTIONS_TEXT_LIMIT, REMINDER_HOURS, parse_options
from bot.discord_ui.wording import NAME_LIMIT, inert, mention, refusal_text
from bot.matches import Match, MatchHost, MatchStatus, Refusal, RefusalReason, Snapshot
from bot.matches.pins import is_board_pin
from bot.players import ServerSettings

log = logging.getLogger(__name__)

Answer = TypeVar("Answer")
ARCHIVE_AFTER_A_WEEK = 10080
HANDLED_MESSAGES_KEPT = 2000
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
        if not (permissions.send_messages_in_threads if in_thread else permissions.send_messages):
            await reply_privately(interaction, "I can't post in this channel: I need the Send Messages permission.")
            return
        if self.games[game].renderer.shows_picture and not permissions.attach_files:
            await reply_privately(
                interaction, f"{rules.title} shows its board as a picture: I need the Attach Files permission here."
            )
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
        try:
            new_thread = await channel.create_thread(
                name=f"{rules.title} table",
                type=discord.ChannelType.public_thread,
                auto_archive_duration=ARCHIVE_AFTER_A_WEEK,
            )
        except discord.HTTPException as error:
            await self._open_failed(interaction, None, error)
            return
        match = await self.host.open_table(channel_id=new_thread.id, **table)
        try:
            board = await new_thread.send(**self.display.board_message(self.host.snapshot(match)))
        except discord.HTTPException as error:
            await self._open_failed(interaction, match, error)
            return
        await self.host.attach_board(match.id, board.id)
        self.display.board_posted(match.channel_id)
        await interaction.followup.send(
            f"{interaction.user.mention} opened a table for **{rules.title}** in {new_thread.mention}: join it there!"
        )
        await self._announce_open(match, server)

    async def _announce_open(self, match: Match, server: ServerSettings) -> None:
        """Tell the server's players' role that a table looks for players (/server-settings), where its board is."""
        if server.announce_role_id is None:
            return
        rules = self.games[match.game].rules
        text = (
            f"<@&{server.announce_role_id}> {rules.title} table open, {len(match.players)} of {rules.max_players} "
            "seats: press **Join** on its board."
        )
        try:
            await self.display.client.get_partial_messageable(match.channel_id).send(
                text, allowed_mentions=discord.AllowedMentions(roles=[discord.Object(server.announce_role_id)])
            )
        except discord.HTTPException as error:
            log.warning("could not announce table %s: %s", match.id, error)

    async def _open_failed(self, interaction: discord.Interaction, match: Match | None, error: Exception) -> None:
        """Discord refused a step of /play: close the table it left without a board, and say so."""
        log.warning("could not open a table in channel %s: %s", interaction.channel_id, error)
        if match is not None:
            await self.host.abandon(match.id, match.opener_id)
        await reply_privately(interaction, OPEN_FAILED)

    async def show_status(self, interaction: discord.Interaction) -> None:
        snapshot = await self.host.table_in_channel(interaction.channel_id)
        match = snapshot.match
        lines = [f"Board: {self._board_link(match)}"]
        if snapshot.actors:
            waiting = ", ".join(mention(match.at_seat(seat)) for seat in sorted(snapshot.actors))
            lines.append(f"Waiting for: {waiting}")
        await interaction.response.send_message(
            "\n".join(lines), ephemeral=True, **self.display.board_message(snapshot)
        )

    async def leave(self, interaction: discord.Interaction) -> None:
        table = await self.host.table_in_channel(interaction.channel_id)
        match = table.match
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
            await interaction.response.edit_message(content="You left the game and forfeited it.", view=None)
            await self.display.post(match, f"🚪 {forfeit_text(match)}")
        else:
            await interaction.response.edit_message(
                content="You left the game: a computer plays your seat for the rest of it.", view=None
            )
            name = match.player(interaction.user.id).name
            await self.display.post(match, f"🚪 {name} left the game: a computer plays their seat from now on.")
        self.display.refresh_board(match_id)

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
            panel = self.display.panels.message(snapshot, player.seat)
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
                    panel = self.display.panels.message(snapshot, seat, heading=told)
                    answer = interaction.response.edit_message(**panel)
                else:
                    answer = interaction.response.edit_message(
                        content=f"{told}\nThe game is over.", embed=None, view=None
                    )
                await answer_to_a_change(interaction, answer)
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
            await answer_to_a_change(interaction, interaction.response.defer())
            return False
        try:
            board = self.display.board_message(snapshot, editing=True)
            return await answer_to_a_change(interaction, interaction.response.edit_message(**board)) is not None
        finally:
            self.display.release_board(match.id)

    @staticmethod
    def _board_link(match: Match) -> str:
        if match.board_message_id is None:
            return f"<#{match.channel_id}>"
        guild = match.guild_id or "@me"
        return f"https://discord.com/channels/{guild}/{match.channel_id}/{match.board_message_id}"


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
