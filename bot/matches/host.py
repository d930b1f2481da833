"""The match host: the one place that changes a match.

Every request follows the same path: load the match from storage, check who is asking (seat, turn, board
version, game over), apply the game's pure rules, commit the new state together with its log entry, deadlines
and result in one transaction, and only then return what the Discord side should show. A per-match lock
serialises simultaneous clicks inside this process; the stored version refuses a write from a stale copy.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from bot.engine import (
    ARRIVAL_PLACEHOLDER,
    COMPUTER_PLAYERS_OPTION,
    SYSTEM,
    Event,
    GameRules,
    IllegalAction,
    Outcome,
    ParseError,
    canonical_json,
)
from bot.matches.model import Deadline, DeadlineKind, LogEntry, Match, MatchStatus, Player, Result
from bot.matches.ports import ChannelBusy, Clock, MatchStore
from bot.matches.refusals import Refusal, RefusalReason

LOBBY_EXPIRES_AFTER = timedelta(hours=24)
DISCORD_EPOCH_MS = 1_420_070_400_000
COMPUTER_NAMES = ("Ada", "Bix", "Cog", "Dot", "Eon")
DEFAULT_REMINDER_AFTER = timedelta(hours=12)


@dataclass(frozen=True)
class ActionResult:
    """What an accepted action changed: the new match, what happened, and who must act next."""

    match: Match
    events: list[Event]
    outcome: Outcome | None
    turn_started_for: frozenset[int]
    """Seats that may act now and could not before (to be told it is their turn)."""


@dataclass(frozen=True)
class DeadlineFired:
    """A deadline the host handled: a lobby expired, a player is reminded of their turn, or a game timer ran."""

    kind: DeadlineKind
    match: Match
    seats: tuple[int, ...] = ()
    result: ActionResult | None = None
    """For a game timer: what its action changed."""


class MatchHost:
    """Opens tables, seats players, starts games and applies actions; see the module docstring."""

    def __init__(
        self,
        store: MatchStore,
        clock: Clock,
        games: Mapping[str, GameRules],
        new_seed: Callable[[], int],
        lobby_expires_after: timedelta = LOBBY_EXPIRES_AFTER,
    ) -> None:
        self.store = store
        self.clock = clock
        self.games = games
        self.new_seed = new_seed
        self.lobby_expires_after = lobby_expires_after
        self.on_deadlines_changed: Callable[[], None] = lambda: None
        """Called after every commit that wrote deadlines, so whoever runs them can look again."""
        self._locks: dict[int, asyncio.Lock] = {}

    # -- reading -------------------------------------------------------------------------------------------

    def rules_for(self, match: Match) -> GameRules:
        return self.games[match.game]

    def state_of(self, match: Match) -> Any:
        """The game state of a started match, decoded."""
        if match.state_json is None:
            raise ValueError(f"match {match.id} has not started")
        return self.rules_for(match).decode_state(json.loads(match.state_json))

    def public_view(self, match: Match) -> Any:
        return self.rules_for(match).view(self.state_of(match), None)

    def seat_view(self, match: Match, seat: int) -> Any:
        return self.rules_for(match).view(self.state_of(match), seat)

    def actors(self, match: Match) -> frozenset[int]:
        if match.status is not MatchStatus.PLAYING:
            return frozenset()
        return self.rules_for(match).actors(self.state_of(match))

    def outcome(self, match: Match) -> Outcome | None:
        if match.state_json is None:
            return None
        return self.rules_for(match).outcome(self.state_of(match))

    def everyone_at(self, match: Match) -> tuple[Player, ...]:
        """The players, and in a lobby the computer players the options ask for (seated after the humans)."""
        if match.status is not MatchStatus.LOBBY:
            return match.players
        return match.players + tuple(
            Player(-(index + 1), f"Bot {COMPUTER_NAMES[index]}", len(match.players) + index)
            for index in range(_computer_count(match))
        )

    async def resume(self) -> tuple[int, list[int]]:
        """Load and decode every live match, as a check at start-up: (how many, ids that could not be read)."""
        unreadable = []
        matches = await self.store.live_matches()
        for match in matches:
            try:
                if match.state_json is not None:
                    self.state_of(match)
            except (KeyError, ValueError, TypeError):
                unreadable.append(match.id)
        return len(matches), unreadable

    async def get(self, match_id: int) -> Match:
        match = await self.store.load_match(match_id)
        if match is None:
            raise Refusal(RefusalReason.NO_TABLE, "That table no longer exists.")
        return match

    async def game_in_channel(self, channel_id: int) -> Match | None:
        """The game being played in this channel, if any (a lobby does not count)."""
        match = await self.store.live_match_in_channel(channel_id)
        return match if match is not None and match.status is MatchStatus.PLAYING else None

    async def table_in_channel(self, channel_id: int) -> Match:
        match = await self.store.live_match_in_channel(channel_id)
        if match is None:
            raise Refusal(RefusalReason.NO_TABLE, "There is no game running here. Start one with /play.")
        return match

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
    ) -> Match:
        """Open a table in a channel with the opener seated; refused if the channel already has one."""
        rules = self.games.get(game)
        if rules is None:
            raise Refusal(RefusalReason.BAD_OPTION, f"There is no game called {game}.")
        try:
            resolved = rules.resolve_options(options)
        except ValueError as error:
            raise Refusal(RefusalReason.BAD_OPTION, str(error)) from None
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
        )
        try:
            created = await self.store.create_match(match, self._lobby_expiry(match))
        except ChannelBusy:
            raise Refusal(
                RefusalReason.CHANNEL_BUSY,
                "This channel already has a table. Finish or abandon it first, or play in another channel.",
            ) from None
        self.on_deadlines_changed()
        return created

    async def join(self, match_id: int, user_id: int, name: str) -> Match:
        async with self._lock(match_id):
            match = await self._load_lobby(match_id)
            if match.player(user_id):
                raise Refusal(RefusalReason.ALREADY_SEATED, "You are already at this table.")
            rules = self.rules_for(match)
            if len(match.players) + _computer_count(match) >= rules.max_players:
                raise Refusal(RefusalReason.TABLE_FULL, f"This table is full ({rules.max_players} players).")
            seated = (*match.players, Player(user_id, name, len(match.players)))
            return await self._save_lobby(match, players=seated)

    async def leave(self, match_id: int, user_id: int) -> Match:
        """Leave a lobby. The opener's role passes to the next player; an empty lobby is abandoned."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            self._require_live(match)
            if match.player(user_id) is None:
                raise Refusal(RefusalReason.NOT_IN_GAME, "You are not at this table.")
            if match.status is MatchStatus.PLAYING:
                raise Refusal(
                    RefusalReason.ALREADY_STARTED,
                    "The game has started, so you cannot leave it. The opener can end it with /abandon.",
                )
            remaining = _reseated(player for player in match.players if player.user_id != user_id)
            if not remaining:
                return await self._close(match, MatchStatus.ABANDONED)
            opener_id = match.opener_id if match.opener_id != user_id else remaining[0].user_id
            return await self._save_lobby(match, players=remaining, opener_id=opener_id)

    async def remove_player(self, match_id: int, by_user_id: int, user_id: int) -> Match:
        """The opener removes another player from the lobby."""
        async with self._lock(match_id):
            match = await self._load_lobby(match_id)
            self._require_opener(match, by_user_id, "remove players")
            if user_id == by_user_id:
                raise Refusal(RefusalReason.ILLEGAL_ACTION, "Use Leave to leave your own table.")
            if match.player(user_id) is None:
                raise Refusal(RefusalReason.NOT_IN_GAME, "That player is not at this table.")
            remaining = _reseated(player for player in match.players if player.user_id != user_id)
            return await self._save_lobby(match, players=remaining)

    async def start(self, match_id: int, user_id: int) -> ActionResult:
        """The opener deals the game."""
        async with self._lock(match_id):
            match = await self._load_lobby(match_id)
            self._require_opener(match, user_id, "start the game")
            rules = self.rules_for(match)
            players = self.everyone_at(match)
            if len(players) < rules.min_players:
                raise Refusal(
                    RefusalReason.NOT_ENOUGH_PLAYERS,
                    f"{rules.title} needs at least {rules.min_players} players; {len(players)} seated so far.",
                )
            state = rules.setup(len(players), match.options, match.seed)
            now = self.clock.now()
            started = match.with_changes(
                status=MatchStatus.PLAYING,
                players=players,
                state_json=canonical_json(rules.encode_state(state)),
                version=match.version + 1,
                updated_at=now,
            )
            await self._commit(match, started, deadlines=await self._deadlines_for(started, state))
            return ActionResult(started, [Event("game_started")], None, rules.actors(state))

    async def abandon(self, match_id: int, user_id: int, *, is_admin: bool = False) -> Match:
        """End a live table without a result: its opener, or a server admin, may."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            self._require_live(match)
            if not is_admin:
                self._require_opener(match, user_id, "abandon this table")
            return await self._close(match, MatchStatus.ABANDONED)

    # -- playing -------------------------------------------------------------------------------------------

    async def act(
        self, match_id: int, user_id: int, action_text: str, *, expected_version: int | None = None
    ) -> ActionResult:
        """Apply one player's action. `expected_version` is the board version the click came from."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            if match.status is MatchStatus.LOBBY:
                raise Refusal(RefusalReason.NOT_STARTED, "The game has not started yet.")
            self._require_live(match)
            player = match.player(user_id)
            if player is None:
                raise Refusal(RefusalReason.NOT_IN_GAME, "You are not playing in this game.")
            if expected_version is not None and expected_version != match.version:
                raise Refusal(
                    RefusalReason.STALE_BOARD,
                    "That board is out of date: the game has moved on. Use the newest message.",
                )
            state = self.state_of(match)
            actors = self.rules_for(match).actors(state)
            if player.seat not in actors:
                waiting_for = ", ".join(match.at_seat(seat).name for seat in sorted(actors))
                raise Refusal(RefusalReason.NOT_YOUR_TURN, f"It is not your turn: waiting for {waiting_for}.")
            return await self._apply(match, state, player.seat, user_id, action_text)

    async def _apply(self, match: Match, state: Any, seat: int, user_id: int, action_text: str) -> ActionResult:
        """Apply the rules, commit the new state with its log entry, deadlines and result, and report."""
        rules = self.rules_for(match)
        actors = rules.actors(state)
        try:
            action = rules.parse_action(action_text)
            new_state, events = rules.apply(state, seat, action)
        except (ParseError, IllegalAction) as error:
            raise Refusal(RefusalReason.ILLEGAL_ACTION, str(error)) from None

        now = self.clock.now()
        outcome = rules.outcome(new_state)
        updated = match.with_changes(
            state_json=canonical_json(rules.encode_state(new_state)),
            version=match.version + 1,
            updated_at=now,
            status=MatchStatus.FINISHED if outcome else MatchStatus.PLAYING,
        )
        log_entry = LogEntry(
            match.id, updated.version, seat, user_id, action.notation, [event.to_json() for event in events], now
        )
        await self._commit(
            match,
            updated,
            log_entry=log_entry,
            deadlines=[] if outcome else await self._deadlines_for(updated, new_state),
            result=self._result(updated, outcome) if outcome else None,
        )
        if outcome:
            self._locks.pop(match.id, None)
        return ActionResult(updated, events, outcome, rules.actors(new_state) - actors)

    async def act_for_game(self, match_id: int, action_text: str) -> ActionResult:
        """Apply an action on the game's own behalf (SYSTEM): what a spectator typed during a face-off."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            if match.status is not MatchStatus.PLAYING:
                raise Refusal(RefusalReason.GAME_OVER, "This game is not running.")
            return await self._apply(match, self.state_of(match), SYSTEM, 0, action_text)

    # -- deadlines -----------------------------------------------------------------------------------------

    async def fire_due_deadlines(self) -> list[DeadlineFired]:
        """Handle every deadline that is due; each fires once even with two hosts on one database."""
        fired = []
        for deadline in await self.store.due_deadlines(self.clock.now()):
            async with self._lock(deadline.match_id):
                handled = await self._fire(deadline)
            if handled:
                fired.append(handled)
        return fired

    async def _fire(self, deadline: Deadline) -> DeadlineFired | None:
        match = await self.store.load_match(deadline.match_id)
        if deadline.kind is DeadlineKind.LOBBY_EXPIRY:
            if match is None or match.status is not MatchStatus.LOBBY:
                await self.store.claim_deadline(deadline)
                return None
            expired = match.with_changes(
                status=MatchStatus.EXPIRED, version=match.version + 1, updated_at=self.clock.now()
            )
            if not await self.store.save_match(expired, expected_version=match.version, deadlines=[]):
                return None
            return DeadlineFired(deadline.kind, expired)
        if not await self.store.claim_deadline(deadline):
            return None
        if match is None or match.status is not MatchStatus.PLAYING:
            return None
        if deadline.kind is DeadlineKind.GAME_TIMER:
            return await self._run_timer(match, deadline)
        if deadline.data.get("version") != match.version:
            return None
        return DeadlineFired(deadline.kind, match, tuple(deadline.data.get("seats", ())))

    async def _run_timer(self, match: Match, deadline: Deadline) -> DeadlineFired | None:
        state = self.state_of(match)
        timers = self.rules_for(match).timers(state)
        timer = next((timer for timer in timers if timer.key == deadline.key), None)
        if timer is None:
            return None
        # The computer "typed" when its timer fell due, even if the bot was busy or down at that moment.
        action = timer.action.replace(ARRIVAL_PLACEHOLDER, str(arrival_key(deadline.due_at)))
        user_id = 0 if timer.seat == SYSTEM else match.at_seat(timer.seat).user_id
        try:
            result = await self._apply(match, state, timer.seat, user_id, action)
        except Refusal:
            # The game moved on in a way its timer did not foresee; the next commit re-arms what is due.
            return None
        return DeadlineFired(deadline.kind, result.match, result=result)

    # -- display bookkeeping -------------------------------------------------------------------------------

    async def attach_board(self, match_id: int, message_id: int) -> None:
        """Remember which message shows this match, so later changes can edit it."""
        await self.store.set_board_message(match_id, message_id)

    async def note_dms_closed(self, match_id: int, user_id: int) -> None:
        await self.store.set_dms_closed(match_id, user_id)

    # -- internals -----------------------------------------------------------------------------------------

    def _lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    async def _load_lobby(self, match_id: int) -> Match:
        match = await self.get(match_id)
        self._require_live(match)
        if match.status is not MatchStatus.LOBBY:
            raise Refusal(RefusalReason.ALREADY_STARTED, "This game has already started.")
        return match

    @staticmethod
    def _require_live(match: Match) -> None:
        if match.status is MatchStatus.FINISHED:
            raise Refusal(RefusalReason.GAME_OVER, "This game is over.")
        if not match.status.is_live:
            raise Refusal(RefusalReason.GAME_OVER, f"This table was {match.status.value}.")

    @staticmethod
    def _require_opener(match: Match, user_id: int, doing: str) -> None:
        if user_id != match.opener_id:
            raise Refusal(RefusalReason.NOT_OPENER, f"Only the table's opener, <@{match.opener_id}>, can {doing}.")

    async def _save_lobby(self, match: Match, **changes: Any) -> Match:
        updated = match.with_changes(version=match.version + 1, updated_at=self.clock.now(), **changes)
        await self._commit(match, updated, deadlines=self._lobby_expiry(updated))
        return updated

    async def _close(self, match: Match, status: MatchStatus) -> Match:
        closed = match.with_changes(status=status, version=match.version + 1, updated_at=self.clock.now())
        await self._commit(match, closed, deadlines=[])
        self._locks.pop(match.id, None)
        return closed

    async def _commit(self, before: Match, after: Match, **writes: Any) -> None:
        seats_changed = before.players != after.players
        if not await self.store.save_match(
            after, expected_version=before.version, seats_changed=seats_changed, **writes
        ):
            raise Refusal(
                RefusalReason.STALE_BOARD,
                "Someone else changed this game at the same moment: please try again.",
            )
        if writes.get("deadlines"):
            self.on_deadlines_changed()

    def _lobby_expiry(self, match: Match) -> list[Deadline]:
        return [Deadline(match.id, DeadlineKind.LOBBY_EXPIRY, match.updated_at + self.lobby_expires_after)]

    async def _deadlines_for(self, match: Match, state: Any) -> list[Deadline]:
        """A reminder for the humans who must act, and the game's timers (each keeps its first due time)."""
        rules = self.rules_for(match)
        deadlines = []
        humans = sorted(seat for seat in rules.actors(state) if not match.at_seat(seat).is_computer)
        if humans:
            due_at = match.updated_at + timedelta(seconds=match.reminder_after_seconds)
            data = {"seats": humans, "version": match.version}
            deadlines.append(Deadline(match.id, DeadlineKind.TURN_REMINDER, due_at, data))
        timers = rules.timers(state)
        if timers:
            armed = {
                deadline.key: deadline
                for deadline in await self.store.deadlines_of(match.id)
                if deadline.kind is DeadlineKind.GAME_TIMER
            }
            for timer in timers:
                earlier = armed.get(timer.key)
                due_at = earlier.due_at if earlier else match.updated_at + timedelta(seconds=timer.delay_seconds)
                deadlines.append(Deadline(match.id, DeadlineKind.GAME_TIMER, due_at, {}, timer.key))
        return deadlines

    @staticmethod
    def _result(match: Match, outcome: Outcome) -> Result:
        places: dict[int, int] = {}
        if outcome.placings:
            place = 1
            for group in outcome.placings:
                for seat in group:
                    places[match.at_seat(seat).user_id] = place
                place += len(group)
        else:
            places = {match.at_seat(seat).user_id: 1 for seat in outcome.winners}
        return Result(
            match_id=match.id,
            game=match.game,
            guild_id=match.guild_id,
            finished_at=match.updated_at,
            reason=outcome.reason,
            outcome=outcome.to_json(),
            placings=places,
            winners=tuple(match.at_seat(seat).user_id for seat in outcome.winners),
        )


def arrival_key(instant: datetime) -> int:
    """An integer that orders like Discord message ids: the snowflake of `instant`."""
    milliseconds = int(instant.timestamp() * 1000) - DISCORD_EPOCH_MS
    return milliseconds << 22


def _computer_count(match: Match) -> int:
    return int(match.options.get(COMPUTER_PLAYERS_OPTION, 0))


def _reseated(players: Iterable[Player]) -> tuple[Player, ...]:
    """Number the remaining players' seats again in join order."""
    return tuple(replace(player, seat=index) for index, player in enumerate(players))
