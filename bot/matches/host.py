"""The match host: the one place that changes a match.

Every request follows the same path: load the match from storage, check who is asking (seat, turn, whether
the clicked control is out of date, game over), apply the game's pure rules, commit the new state together with
its log entry, deadlines and result in one transaction, and only then return a `Snapshot` of what to show. For a
player's action the load, the checks, the rules and the commit are that one transaction, handed to storage as one
function (`MatchStore.change_match`), so an action costs one call to storage (the one that ends the game too: the
store hands back the rating changes its result made). A per-match lock serialises simultaneous requests inside this
process; the stored version refuses a write from a stale copy.

The host speaks no platform: a refusal is a reason with details that the adapter words, and the arrival key
that orders racing moves comes from the adapter (a typed message's own key) or from `arrival_of` (the key of
the moment a computer's timer fell due).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from bot.engine import (
    COMPUTER_PLAYERS_OPTION,
    SYSTEM,
    Action,
    Event,
    GameRules,
    IllegalAction,
    Outcome,
    ParseError,
    Seat,
    Timer,
    canonical_json,
)
from bot.engine.codec import encode
from bot.matches.clocks import DEFAULT_CLOCK, SlowPlay, after_move
from bot.matches.locks import MatchLocks
from bot.matches.model import (
    ChatToRead,
    Deadline,
    DeadlineKind,
    LogEntry,
    Match,
    MatchStatus,
    Player,
    RatingChange,
    Result,
)
from bot.matches.pins import is_board_pin, still_as_shown
from bot.matches.ports import Change, ChannelBusy, Clock, MatchStore, Saved
from bot.matches.practice import Practice, is_practice
from bot.matches.refusals import Attempt, Refusal, RefusalReason
from bot.matches.replays import Replay, seating_of
from bot.matches.seat_taking import SeatTaking, game_options, resolve_table_options
from bot.matches.snapshots import ActionResult, DeadlineFired, Snapshot, decode_state, encode_state
from bot.matches.standing import result_of, standing
from bot.matches.thinking import think_ahead
from bot.players import PlayerSettings, ServerSettings

LOBBY_EXPIRES_AFTER = timedelta(hours=24)
ARCHIVE_THREAD_AFTER = timedelta(hours=24)
"""How long a table's thread stays open after its end (for a last word, and Play again), before it is archived."""
LARGEST_ID = (1 << 63) - 1
"""The largest integer storage keeps: a match id past it can only be forged."""
COMPUTER_NAMES = ("Ada", "Bix", "Cog", "Dot", "Eon", "Fen", "Hex")
DEFAULT_REMINDER_AFTER = timedelta(hours=12)
CHECKED_BETWEEN_PAUSES = 100
"""Live matches the start-up check decodes before it lets the event loop serve others."""
MISSED_CHAT_PATIENCE = 30.0
"""Seconds deadlines wait at a start for the chat typed while the bot was down to be read (see
`reading_missed_chat`), should that never be told done."""
CHAT_NOTED_EVERY = 20
"""Chat messages (no moves) read in a table's channel before the newest is noted on its own: a start reads the
channel again from the last one noted, and reading a few chat messages twice is harmless."""


class MatchHost(SlowPlay, SeatTaking, Practice):
    """Opens tables, seats players, starts games and applies actions; see the module docstring."""

    def __init__(
        self,
        store: MatchStore,
        clock: Clock,
        games: Mapping[str, GameRules],
        new_seed: Callable[[], int],
        arrival_of: Callable[[datetime], int],
        lobby_expires_after: timedelta = LOBBY_EXPIRES_AFTER,
    ) -> None:
        self.store = store
        self.clock = clock
        self.games = games
        self.new_seed = new_seed
        self.arrival_of = arrival_of
        """The arrival key of an instant, ordered like typed moves' keys (a computer's timed answer races them)."""
        self.lobby_expires_after = lobby_expires_after
        self.on_deadlines_changed: Callable[[datetime], None] = lambda due_at: None
        """Called with the earliest due time after every commit that added or moved deadlines, so whoever runs
        them can look again if that is sooner than planned."""
        self._locks = MatchLocks()
        self._missed_chat_read = asyncio.Event()
        self._missed_chat_read.set()
        self._unnoted_chat: dict[int, tuple[int, int]] = {}
        """Per match, the newest chat message read but not yet noted in storage, and how many were read since the
        last note. Any change to the match notes it in its own transaction; see `act_typed`."""

    # -- reading -------------------------------------------------------------------------------------------

    def rules_for(self, match: Match) -> GameRules:
        return self.games[match.game]

    def snapshot(self, match: Match) -> Snapshot:
        """The match with its state decoded once."""
        return Snapshot.of(match, self.rules_for(match))

    def everyone_at(self, match: Match) -> tuple[Player, ...]:
        """The players, and in a lobby the computer players the options ask for (seated after the humans)."""
        if match.status is not MatchStatus.LOBBY:
            return match.players
        return match.players + tuple(
            Player(-(index + 1), f"Bot {COMPUTER_NAMES[index]}", len(match.players) + index)
            for index in range(_computer_count(match))
        )

    async def resume(self) -> tuple[int, list[int]]:
        """Decode every live match, as a check after a start: (how many, ids that could not be read). Matches
        are read a batch at a time and dropped once checked, so memory does not grow with their number, and
        the event loop is let go every `CHECKED_BETWEEN_PAUSES` matches, so the check can run while the bot
        serves."""
        live, unreadable = 0, []
        async for match in self.store.live_matches():
            live += 1
            if match.state_json is None:
                continue
            try:
                decode_state(self.rules_for(match), match, keep=False)
            except (KeyError, ValueError, TypeError):
                unreadable.append(match.id)
            if live % CHECKED_BETWEEN_PAUSES == 0:
                await asyncio.sleep(0)
        return live, unreadable

    async def get(self, match_id: int) -> Match:
        if not 0 < match_id <= LARGEST_ID:
            raise Refusal(RefusalReason.NO_TABLE)  # a forged id, and more than the database could even look up
        match = await self.store.load_match(match_id)
        if match is None:
            raise Refusal(RefusalReason.NO_TABLE)
        return match

    async def load(self, match_id: int) -> Snapshot:
        """The match and what to show of it (for a finished game, with its players' rating changes, and for a
        lobby or a finished game the table Play again links it to)."""
        return await self.with_link(await self._rated(self.snapshot(await self.get(match_id))))

    async def with_link(self, snapshot: Snapshot) -> Snapshot:
        """The snapshot with the table Play again links it to: a lobby's the finished table it follows, a finished
        game's the newest table opened from it (the others' snapshots are returned as they are)."""
        match = snapshot.match
        if match.status is MatchStatus.LOBBY and match.follows_match_id is not None:
            return snapshot.with_link(await self.store.load_match(match.follows_match_id))
        if match.status is MatchStatus.FINISHED:
            return snapshot.with_link(await self.store.newest_follower(match.id))
        return snapshot

    async def table_in_channel(self, channel_id: int) -> Snapshot:
        """The live table in this channel or thread."""
        match = await self.store.live_match_in_channel(channel_id)
        if match is None:
            raise Refusal(RefusalReason.NO_TABLE_HERE)
        return self.snapshot(match)

    # -- the lobby -----------------------------------------------------------------------------------------

    async def open_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        opener_id: int,
        opener_name: str,
        options: Mapping[str, Any] | None = None,
        reminder_after: timedelta = DEFAULT_REMINDER_AFTER,
        clock: timedelta | None = DEFAULT_CLOCK,
        leaver_forfeits: bool = False,
        parent_channel_id: int | None = None,
        follows_match_id: int | None = None,
    ) -> Match:
        """Open a table in a channel with the opener seated; refused if the channel already has one.
        `parent_channel_id`: the channel in which the bot opened the table's thread; `follows_match_id`: the
        finished table whose Play again opened this one."""
        rules = self.games.get(game)
        if rules is None:
            raise Refusal(RefusalReason.BAD_OPTION, unknown_game=game)
        try:
            resolved = resolve_table_options(rules, options)
        except ValueError as error:
            raise Refusal(RefusalReason.BAD_OPTION, detail=str(error)) from None
        now = self.clock.now()
        match = Match(
            id=0,
            game=game,
            guild_id=guild_id,
            channel_id=channel_id,
            opener_id=opener_id,
            status=MatchStatus.LOBBY,
            options=resolved,
            seed=self.new_seed(),
            version=0,
            created_at=now,
            updated_at=now,
            players=(Player(opener_id, opener_name, 0),),
            reminder_after_seconds=int(reminder_after.total_seconds()),
            clock_seconds=int(clock.total_seconds()) if clock else 0,
            leaver_forfeits=leaver_forfeits,
            parent_channel_id=parent_channel_id,
            follows_match_id=follows_match_id,
        )
        (expiry,) = self._lobby_expiry(match)
        try:
            created = await self.store.create_match(match, [expiry])
        except ChannelBusy:
            raise Refusal(RefusalReason.CHANNEL_BUSY) from None
        self.on_deadlines_changed(expiry.due_at)
        return created

    async def join(self, match_id: int, user_id: int, name: str) -> Match:
        async with self._lock(match_id):
            match = await self._load_lobby(match_id)
            if match.player(user_id):
                raise Refusal(RefusalReason.ALREADY_SEATED)
            rules = self.rules_for(match)
            if len(match.players) + _computer_count(match) >= rules.max_players:
                raise Refusal(RefusalReason.TABLE_FULL, max_players=rules.max_players)
            seated = (*match.players, Player(user_id, name, len(match.players)))
            return await self._save_lobby(match, players=seated)

    async def set_option(self, match_id: int, user_id: int, key: str, value: Any) -> Match:
        """The opener changes one table option before the start."""
        async with self._lock(match_id):
            match = await self._load_lobby(match_id)
            self._require_opener(match, user_id, Attempt.CHANGE_OPTIONS)
            rules = self.rules_for(match)
            try:
                options = resolve_table_options(rules, {**match.options, key: value})
            except ValueError as error:
                raise Refusal(RefusalReason.BAD_OPTION, detail=str(error)) from None
            if len(match.players) + int(options.get(COMPUTER_PLAYERS_OPTION, 0)) > rules.max_players:
                raise Refusal(RefusalReason.TABLE_FULL, max_players=rules.max_players)
            return await self._save_lobby(match, options=options)

    async def leave(self, match_id: int, user_id: int) -> Match:
        """Leave a lobby. The opener's role passes to the next player; an empty lobby is abandoned."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            self._require_live(match)
            if match.player(user_id) is None:
                raise Refusal(RefusalReason.NOT_IN_GAME, at_table=True)
            if match.status is MatchStatus.PLAYING:
                raise Refusal(RefusalReason.ALREADY_STARTED, attempt=Attempt.LEAVE)
            remaining = _reseated(player for player in match.players if player.user_id != user_id)
            if not remaining:
                return await self._close(match, MatchStatus.ABANDONED)
            opener_id = match.opener_id if match.opener_id != user_id else remaining[0].user_id
            return await self._save_lobby(match, players=remaining, opener_id=opener_id)

    async def remove_player(self, match_id: int, by_user_id: int, user_id: int) -> Match:
        """The opener removes another player from the lobby."""
        async with self._lock(match_id):
            match = await self._load_lobby(match_id)
            self._require_opener(match, by_user_id, Attempt.REMOVE_PLAYER)
            if user_id == by_user_id:
                raise Refusal(RefusalReason.ILLEGAL_ACTION, attempt=Attempt.REMOVE_YOURSELF)
            if match.player(user_id) is None:
                raise Refusal(RefusalReason.NOT_IN_GAME, at_table=True, someone_else=True)
            remaining = _reseated(player for player in match.players if player.user_id != user_id)
            return await self._save_lobby(match, players=remaining)

    async def start(self, match_id: int, user_id: int) -> ActionResult:
        """The opener deals the game."""
        async with self._lock(match_id):
            match = await self._load_lobby(match_id)
            self._require_opener(match, user_id, Attempt.START)
            rules = self.rules_for(match)
            players = self.everyone_at(match)
            if len(players) < rules.min_players:
                raise Refusal(
                    RefusalReason.NOT_ENOUGH_PLAYERS, game=rules.title, needed=rules.min_players, seated=len(players)
                )
            options = game_options(match.options)
            problem = rules.seating_problem(len(players), rules.resolve_options(options))
            if problem:
                raise Refusal(RefusalReason.BAD_OPTION, detail=problem)
            state = rules.setup(seating_of(match, players), options, match.seed)
            now = self.clock.now()
            started = match.with_changes(
                status=MatchStatus.PLAYING,
                players=players,
                fixed_json=canonical_json(rules.encode_fixed(state)),
                version=match.version + 1,
                updated_at=now,
                turn_notice_version=match.version + 1,
                # Chat from the lobby is no move: a start reads typed moves from the deal on.
                last_message_id=self.arrival_of(now),
            )
            started = started.with_changes(state_json=encode_state(rules, state, started))
            await self._commit(match, started, deadlines=self._deadlines_for(started, state))
            snapshot = Snapshot.of(started, rules, state)
            return ActionResult(snapshot, [], snapshot.actors)

    async def abandon(self, match_id: int, user_id: int, *, is_admin: bool = False) -> Match:
        """End a live table without a result: its opener, or a server admin, may."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            self._require_live(match)
            if not is_admin:
                self._require_opener(match, user_id, Attempt.ABANDON)
            return await self._close(match, MatchStatus.ABANDONED)

    # -- playing -------------------------------------------------------------------------------------------

    async def act(self, match_id: int, user_id: int, action_text: str, *, pin: str | None = None) -> ActionResult:
        """Apply one player's action, chosen on a board or a panel. `pin` is what the clicked control pinned
        (pins.py): the click is refused as out of date when what it showed its player has changed, not when
        anything else at the table did. A move the game takes only typed (`GameRules.typed_only`) comes through
        `act_typed`."""
        if not 0 < match_id <= LARGEST_ID:
            raise Refusal(RefusalReason.NO_TABLE)

        def decide(stored: Match | None) -> tuple[Change, ActionResult]:
            match = self._running(stored)
            player = self.still_playing(match, user_id)
            rules = self.rules_for(match)
            state = decode_state(rules, match, keep=False)  # the state after the action is kept instead
            if pin is not None and not still_as_shown(rules, state, match.version, player.seat, pin):
                raise Refusal(RefusalReason.STALE_BOARD, board=is_board_pin(pin))
            self._require_turn(match, rules.actors(state), player)
            try:
                action = rules.parse_action(action_text)
            except ParseError as error:
                raise Refusal(RefusalReason.ILLEGAL_ACTION, detail=str(error)) from None
            if rules.typed_only(action):
                raise Refusal(RefusalReason.TYPED_ONLY)
            return self._applied(match, state, player.seat, user_id, action)

        async with self._lock(match_id):
            return await self._change(match_id, decide)

    async def act_typed(
        self, channel_id: int, user_id: int, text: str, arrival: int, *, from_chat: bool
    ) -> ActionResult | None:
        """Read a typed message as a move in the game running in this channel, and apply it.

        `arrival` is the message's own key, the only thing that orders a race. Chat that is no move gives None;
        so does chat the game notes for itself but cannot use. `from_chat` is False for a command a player
        sent to move by text: that is refused, rather than ignored, when it is no move. A player who left the game
        is refused where their message would have been a move, and for every command.

        A chat message read is noted as the match's `last_message_id` (a start reads the channel's messages after
        it, see `tables_reading_chat`): a move in its own transaction, as is chat the game notes for itself; a
        refused move at once (read again, it would be answered twice); other chat with the match's next change, on
        its own every `CHAT_NOTED_EVERY` messages, and at a stop. Chat must be noted before any later change: read
        again after the game moved on, it could make a move its writer never meant.
        """
        match = await self.store.live_match_in_channel(channel_id)
        if match is None or match.status is not MatchStatus.PLAYING or not self.rules_for(match).takes_typed_moves:
            if from_chat:
                return None
            if match is None and (last := await self.store.last_match_in_channel(channel_id)) is not None:
                match = await self.store.load_match(last)
            if match is not None and match.status is not MatchStatus.PLAYING:
                self._running(match)  # a command is told why: the game has not started, or it is over
            raise Refusal(RefusalReason.NOTHING_TO_TYPE)

        def decide(stored: Match | None) -> tuple[Change | None, ActionResult | None]:
            match = self._running(stored)
            rules = self.rules_for(match)
            state = decode_state(rules, match)
            actors = rules.actors(state)
            player = match.player(user_id)
            seat = player.seat if player is not None and player.seat in actors else None
            move = rules.read_typed(state, seat, text, arrival, commanded=not from_chat)
            # A player who left never moves again. Their chat stays chat, answered only where it would have been a
            # move (a command always would), as a refused move is: not every line they say in the thread.
            if player is not None and player.left and (not from_chat or (move is not None and not move.by_game)):
                self.still_playing(match, user_id)
            if move is None or (move.by_game and not from_chat):
                if from_chat:
                    return None, None
                if seat is None:  # a command, not chat: say why this player cannot move now
                    self._require_turn(match, actors, self.still_playing(match, user_id))
                raise Refusal(RefusalReason.NOTHING_TO_TYPE)
            if move.by_game:
                try:
                    return self._applied(match, state, SYSTEM, 0, move.action)
                except Refusal:
                    return None, None  # nothing the game could note: it stays chat
            return self._applied(match, state, seat, user_id, move.action)

        async with self._lock(match.id):
            if not from_chat:
                return await self._change(match.id, decide)
            newest, unnoted = self._unnoted_chat.get(match.id, (0, 0))
            self._unnoted_chat[match.id] = (max(newest, arrival), unnoted + 1)
            try:
                result = await self._change(match.id, decide)
            except Refusal:
                await self.note_chat_read(match.id)  # answered in the channel: read again, it would be answered twice
                raise
            if self._unnoted_chat.get(match.id, (0, 0))[1] >= CHAT_NOTED_EVERY:
                await self.note_chat_read(match.id)
            return result

    async def note_chat_read(self, match_id: int | None = None) -> None:
        """Note the chat read but not noted yet: in one match's channel, or in every channel (before a stop)."""
        for each in list(self._unnoted_chat) if match_id is None else [match_id]:
            unnoted = self._unnoted_chat.pop(each, None)
            if unnoted is not None:
                await self.store.set_last_message(each, unnoted[0])

    async def tables_reading_chat(self) -> list[ChatToRead]:
        """The running games that take typed moves, each with the message its channel's chat was read up to.
        Tables from before this was noted read from their last change."""
        tables = []
        async for match in self.store.live_matches():
            if match.status is MatchStatus.PLAYING and self.rules_for(match).takes_typed_moves:
                read_up_to = match.last_message_id or self.arrival_of(match.updated_at)
                tables.append(ChatToRead(match.id, match.guild_id, match.channel_id, read_up_to))
        return tables

    async def _change(
        self, match_id: int, decide: Callable[[Match | None], tuple[Change | None, ActionResult | None]]
    ) -> Any:
        """Load, decide and commit in one transaction (one call to storage), then report; a change that
        ended the game reports the rating changes its result made too. The change notes the chat read in the
        match's channel (see `act_typed`)."""
        unnoted = self._unnoted_chat.get(match_id)
        changed = False

        def decide_noting_chat(stored: Match | None) -> tuple[Change | None, ActionResult | None]:
            nonlocal changed
            change, result = decide(stored)
            if change is None or unnoted is None:
                return change, result
            changed = True
            newest = max(change.match.last_message_id, unnoted[0])
            return replace(change, match=change.match.with_changes(last_message_id=newest)), result

        saved, result = await self.store.change_match(match_id, decide_noting_chat)
        self._check_saved(saved)
        if changed and self._unnoted_chat.get(match_id) == unnoted:
            del self._unnoted_chat[match_id]  # noted; unless more chat was read meanwhile
        return await self._rated(result, saved.rated)

    async def _rated(self, reply: Any, rated: Mapping[int, RatingChange] | None = None) -> Any:
        """`reply` (a snapshot, or an action's result) with its players' rating changes when its game is over:
        those its result made (`rated`), else read back (an ordinary move's reply is returned as it is)."""
        snapshot = reply.snapshot if isinstance(reply, ActionResult) else reply
        if not isinstance(snapshot, Snapshot) or snapshot.match.status is not MatchStatus.FINISHED:
            return reply
        if rated is None:
            rated = await self.store.rating_changes(snapshot.match.id)
        with_ratings = snapshot.with_ratings(rated)
        return replace(reply, snapshot=with_ratings) if isinstance(reply, ActionResult) else with_ratings

    def _applied(
        self,
        match: Match,
        state: Any,
        seat: Seat,
        user_id: int,
        action: Action,
        *,
        stood_in: bool = False,
        claims: Deadline | None = None,
    ) -> tuple[Change, ActionResult]:
        """The rules applied: the new state with its log entry, deadlines and result, and the report. A move a
        computer made for the seat's player (`stood_in`) counts towards handing the seat to the computer; a move
        of the player's own takes the seat back."""
        rules = self.rules_for(match)
        actors = rules.actors(state)
        try:
            new_state, events = rules.apply(state, seat, action)
        except IllegalAction as error:
            raise Refusal(RefusalReason.ILLEGAL_ACTION, detail=str(error)) from None

        now = self.clock.now()
        outcome = rules.outcome(new_state)
        turn_started_for = frozenset() if outcome else rules.actors(new_state) - actors
        players = match.players
        if seat != SYSTEM and not (mover := match.at_seat(seat)).is_computer:
            moved = after_move(mover, stood_in=stood_in)
            if moved is not mover:  # as a move rarely finds it: the seats are written again
                players = tuple(moved if player.seat == seat else player for player in players)
        updated = match.with_changes(
            state_json=encode_state(rules, new_state, match),
            version=match.version + 1,
            updated_at=now,
            status=MatchStatus.FINISHED if outcome else MatchStatus.PLAYING,
            turn_notice_version=match.version + 1 if turn_started_for else match.turn_notice_version,
            players=players,
        )
        log_entry = LogEntry(
            match.id, updated.version, seat, user_id, action.notation, [encode(event) for event in events], now
        )
        change = Change(
            updated,
            match.version,
            log_entry=log_entry,
            deadlines=self._ended_deadlines(updated) if outcome else self._deadlines_for(updated, new_state),
            result=self._result(updated, outcome) if outcome and not is_practice(updated) else None,
            seats_changed=players is not match.players,
            claims=claims,
        )
        return change, ActionResult(Snapshot.of(updated, rules, new_state), events, turn_started_for)

    # -- deadlines -----------------------------------------------------------------------------------------

    def reading_missed_chat(self) -> None:
        """Deadlines wait until `missed_chat_read` (or `MISSED_CHAT_PATIENCE`): at a start, a move typed while the
        bot was down comes before the timers that fell due meanwhile (a word before the clock's stand-in, an answer
        before a computer's), even one typed after them: the bot, not the player, was late."""
        self._missed_chat_read.clear()

    def missed_chat_read(self) -> None:
        self._missed_chat_read.set()

    async def fire_due_deadlines(self) -> list[DeadlineFired]:
        """Handle every deadline that is due; each fires once even with two hosts on one database."""
        if not self._missed_chat_read.is_set():
            try:
                await asyncio.wait_for(self._missed_chat_read.wait(), MISSED_CHAT_PATIENCE)
            except TimeoutError:
                self._missed_chat_read.set()  # waited long enough: the chat is being read meanwhile
        fired = []
        for deadline in await self.store.due_deadlines(self.clock.now()):
            async with self._lock(deadline.match_id):
                handled = await self._fire(deadline)
            if handled:
                fired.append(handled)
        return fired

    async def _fire(self, deadline: Deadline) -> DeadlineFired | None:
        if deadline.kind is DeadlineKind.GAME_TIMER:
            return await self._run_timer(deadline)
        if deadline.kind is DeadlineKind.TURN:
            return await self._turn_due(deadline)
        if deadline.kind is DeadlineKind.STAND_IN:
            return await self._stand_in(deadline, deadline.data["seat"])
        if deadline.kind in (DeadlineKind.TURN_REMINDER, DeadlineKind.TURN_CLOCK):
            return await self._turn_from_rows_of_old(deadline)
        if deadline.kind is DeadlineKind.THREAD_ARCHIVE:
            return await self._thread_done(deadline)
        match = await self.store.load_match(deadline.match_id)
        if match is None or match.status is not MatchStatus.LOBBY:
            await self.store.claim_deadline(deadline)
            return None
        expired = match.with_changes(status=MatchStatus.EXPIRED, version=match.version + 1, updated_at=self.clock.now())
        deadlines = self._ended_deadlines(expired)
        if not await self.store.save_match(expired, expected_version=match.version, deadlines=deadlines):
            return None
        return DeadlineFired(deadline.kind, self.snapshot(expired))

    async def _thread_done(self, deadline: Deadline) -> DeadlineFired | None:
        """The table's thread may be archived: the Discord side does it (once, whichever process claims this),
        unless someone opened another table in that thread meanwhile (with /play in it)."""
        if not await self.store.claim_deadline(deadline):
            return None
        match = await self.store.load_match(deadline.match_id)
        if match is None or await self.store.live_match_in_channel(match.channel_id) is not None:
            return None
        return DeadlineFired(deadline.kind, self.snapshot(match))

    async def _turn_from_rows_of_old(self, deadline: Deadline) -> DeadlineFired | None:
        """A reminder or clock row stored by a version before the turn's one deadline: the match's deadlines are
        worked out anew, the turn's from the stage this row stood for (the stages before it were done), and the
        new row answers at once what was due."""
        match = await self.store.load_match(deadline.match_id)
        if match is None or match.status is not MatchStatus.PLAYING or deadline.data.get("version") != match.version:
            await self.store.claim_deadline(deadline, at_version=None if match is None else match.version)
            return None
        stage = {"soon": 1}.get(deadline.key, 0) if deadline.kind is DeadlineKind.TURN_REMINDER else 2
        stage = min(stage, len(self._turn_stages(match)) - 1)
        deadlines = self._deadlines_for(match, decode_state(self.rules_for(match), match), stage=stage)
        if not await self.store.save_match(match, expected_version=match.version, deadlines=deadlines):
            return None
        # As stored: a turn's row kept from before keeps its earlier due time, which a hold must find it by.
        stored = await self.store.deadlines_of(match.id)
        turn = next((each for each in stored if each.kind is DeadlineKind.TURN), None)
        return await self._turn_due(turn) if turn is not None else None

    async def player_settings(self, user_id: int) -> PlayerSettings:
        return await self.store.player_settings(user_id)

    async def server_settings(self, guild_id: int | None) -> ServerSettings:
        return await self.store.server_settings(guild_id) if guild_id is not None else ServerSettings()

    async def tables_of(self, user_id: int) -> list[Snapshot]:
        """Every live table the user sits at, as it stands."""
        return [self.snapshot(match) for match in await self.store.live_matches_of(user_id)]

    async def _run_timer(self, deadline: Deadline) -> DeadlineFired | None:
        """Take the timer's action, answering the deadline in the same transaction (a process killed in between
        leaves it to fire again, and two processes cannot both take it); a timer whose game has ended or moved
        past it is only removed."""

        # The computer "typed" when its timer fell due, even if the bot was busy or down at that moment.
        arrival = self.arrival_of(deadline.due_at)

        def timer_of(rules: GameRules, state: Any) -> Timer | None:
            return next((timer for timer in rules.timers(state) if timer.key == deadline.key), None)

        def move(rules: GameRules, state: Any) -> Action | None:
            timer = timer_of(rules, state)
            return None if timer is None else timer.action_at(arrival)

        thought = await think_ahead(self.store, self.rules_for, deadline.match_id, move)

        def decide(stored: Match | None) -> tuple[Change | None, ActionResult | None]:
            match = self._running(stored)
            rules = self.rules_for(match)
            state = decode_state(rules, match)
            timer = timer_of(rules, state)
            if timer is None:
                return None, None
            action = thought.for_match(match, lambda: timer.action_at(arrival))
            user_id = 0 if timer.seat == SYSTEM else match.at_seat(timer.seat).user_id
            return self._applied(match, state, timer.seat, user_id, action, claims=deadline)

        return await self._answer(deadline, decide)

    async def _answer(
        self,
        deadline: Deadline,
        decide: Callable[[Match | None], tuple[Change | None, ActionResult | None]],
        seats: tuple[Seat, ...] = (),
        kind: DeadlineKind | None = None,
    ) -> DeadlineFired | None:
        """Apply what a due deadline asks for, claiming it in the change's own transaction; one the match no
        longer needs (or that the change was refused) is removed, unless another process answered it first.
        `kind` says what fired, when it is not the deadline's own kind."""
        try:
            result = await self._change(deadline.match_id, decide)
        except Refusal:
            result = None
        if result is None:
            await self.store.claim_deadline(deadline)
            return None
        return DeadlineFired(kind or deadline.kind, result.snapshot, seats, result=result)

    # -- display bookkeeping -------------------------------------------------------------------------------

    async def attach_board(self, match_id: int, message_id: int) -> None:
        """Remember which message shows this match, so later changes can edit it."""
        await self.store.set_board_message(match_id, message_id, self.clock.now())

    async def board_shown(self, match_id: int, version: int, announced_version: int = 0) -> int:
        """The board message now shows this version of the match; the channel was told everything up to
        `announced_version` (noted with the board, which is written anyway, rather than once per quiet change).
        Returns the match's version now: a newer one means the board needs another edit."""
        return await self.store.set_board_version(match_id, version, announced_version)

    async def announced(self, match_id: int, version: int) -> None:
        """Every change's channel announcements up to this version were delivered."""
        await self.store.set_announced(match_id, version)

    async def unannounced(self) -> list[Snapshot]:
        """Started matches whose latest changes may not have been announced (a crash, a refused message)."""
        return [await self.load(match_id) for match_id in await self.store.unannounced()]

    async def changes_after(self, match: Match, version: int) -> list[tuple[int, list[Event]]]:
        """The logged changes of `match` after `version`, oldest first, each with its events."""
        rules = self.rules_for(match)
        return [
            (logged, [rules.decode_event(event) for event in events])
            for logged, events in await self.store.logged_events(match.id, version)
        ]

    async def public_views(self, match: Match) -> list[Any]:
        """What everyone saw after each move of the match, from the deal on, rebuilt from its log (`Replay`)."""
        return await Replay(self.rules_for(match), match, await self.store.action_log(match.id)).public_views()

    async def stale_boards(self) -> list[int]:
        """Matches whose board is behind (a crash or a refused edit came between a change and its showing)."""
        return await self.store.stale_boards()

    async def turn_told(self, match_id: int, version: int) -> None:
        """The players whose turn began at this version have been told."""
        await self.store.set_turn_told(match_id, version)

    async def untold_turns(self) -> list[Snapshot]:
        """Running matches whose last turn notice never reached its players (a crash, a refused DM)."""
        return [await self.load(match_id) for match_id in await self.store.untold_turns()]

    async def note_dms_closed(self, match_id: int, user_id: int) -> None:
        await self.store.set_dms_closed(match_id, user_id)

    # -- internals -----------------------------------------------------------------------------------------

    def _lock(self, match_id: int) -> AbstractAsyncContextManager[None]:
        return self._locks.hold(match_id)

    async def _load_lobby(self, match_id: int) -> Match:
        match = await self.get(match_id)
        self._require_live(match)
        if match.status is not MatchStatus.LOBBY:
            raise Refusal(RefusalReason.ALREADY_STARTED)
        return match

    @classmethod
    def _running(cls, match: Match | None) -> Match:
        """The match, if its game is running; else the refusal that says why not."""
        if match is None:
            raise Refusal(RefusalReason.NO_TABLE)
        if match.status is MatchStatus.LOBBY:
            raise Refusal(RefusalReason.NOT_STARTED)
        cls._require_live(match)
        return match

    @staticmethod
    def still_playing(match: Match, user_id: int) -> Player:
        """The user's seat at the table, if they may move in it; else the refusal that says why not (they are not
        seated, or they left the game: a computer, or whoever took the seat over, plays it for the rest of it)."""
        player = match.player(user_id)
        if player is None:
            taken_over = match.has_departed(user_id)
            raise Refusal(RefusalReason.NOT_IN_GAME, left=taken_over, taken_over=taken_over)
        if player.left:
            raise Refusal(RefusalReason.NOT_IN_GAME, left=True)
        return player

    @staticmethod
    def _require_turn(match: Match, actors: frozenset[Seat], player: Player) -> None:
        if player.seat not in actors:
            waiting_for = tuple(match.at_seat(seat).name for seat in sorted(actors))
            raise Refusal(RefusalReason.NOT_YOUR_TURN, waiting_for=waiting_for)

    @staticmethod
    def _require_live(match: Match) -> None:
        if not match.status.is_live:
            raise Refusal(RefusalReason.GAME_OVER, status=match.status)

    @staticmethod
    def _require_opener(match: Match, user_id: int, attempt: Attempt) -> None:
        if user_id != match.opener_id:
            raise Refusal(RefusalReason.NOT_OPENER, opener_id=match.opener_id, attempt=attempt)

    async def _save_lobby(self, match: Match, **changes: Any) -> Match:
        updated = match.with_changes(version=match.version + 1, updated_at=self.clock.now(), **changes)
        await self._commit(match, updated, deadlines=self._lobby_expiry(updated))
        return updated

    async def _close(self, match: Match, status: MatchStatus) -> Match:
        closed = match.with_changes(status=status, version=match.version + 1, updated_at=self.clock.now())
        await self._commit(match, closed, deadlines=self._ended_deadlines(closed))
        return closed

    async def _commit(self, before: Match, after: Match, **writes: Any) -> None:
        seats_changed = before.players != after.players
        self._check_saved(
            await self.store.save_match(after, expected_version=before.version, seats_changed=seats_changed, **writes)
        )

    def _check_saved(self, saved: Saved) -> None:
        """Refuse a change another request beat to the database; tell the deadline runner of new deadlines."""
        if not saved:
            raise Refusal(RefusalReason.CHANGED_MEANWHILE)
        if saved.earliest_new_due is not None:
            self.on_deadlines_changed(saved.earliest_new_due)

    @staticmethod
    def _ended_deadlines(match: Match) -> list[Deadline]:
        """The deadlines of a table that has just ended: its thread's archiving, if the bot opened the thread."""
        if match.parent_channel_id is None:
            return []
        return [Deadline(match.id, DeadlineKind.THREAD_ARCHIVE, match.updated_at + ARCHIVE_THREAD_AFTER)]

    def _lobby_expiry(self, match: Match) -> list[Deadline]:
        return [Deadline(match.id, DeadlineKind.LOBBY_EXPIRY, match.updated_at + self.lobby_expires_after)]

    @staticmethod
    def _result(match: Match, outcome: Outcome) -> Result:
        return result_of(match, standing(match, outcome), outcome.reason, encode(outcome), outcome.sides)


def _computer_count(match: Match) -> int:
    return int(match.options.get(COMPUTER_PLAYERS_OPTION, 0))


def _reseated(players: Iterable[Player]) -> tuple[Player, ...]:
    """Number the remaining players' seats again in join order."""
    return tuple(replace(player, seat=index) for index, player in enumerate(players))
