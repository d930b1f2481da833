"""The league host: the one place that changes a league. It keeps the league's record (bot/matches/league_records.py) in
storage, steps its pure core (bot/leagues), and plays each game as an ordinary table through `MatchHost`, so a league
game is rated, clocked and reminded like any other: the table's turn clock is the league's, and a player who lets it
run out gets a computer's move (after three in a row, a computer plays the seat), so every table, and so every round,
comes to an end. A round also has a deadline (`round_days` after it starts): a table still playing then is decided as
its clock rules say, at once, computers playing every seat to the end (`rounds_past_deadline`, asked by the deadline
runner, so a deadline that passed while the bot was down is met at its start). A table's result is recorded when the
table finishes (`table_over`); a start catches up what a restart missed (`catch_up`). Like the match host it speaks
no platform: a refusal is a `LeagueRefusal` with a reason, worded by the Discord side.

Only games that seat two players are offered: a league game is one player against another (pods of three or more would
need placings turned into points, which the tie-breaks here do not weigh), so Anomia and Anokera, which need three, are
refused with the list of games leagues offer."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from bot.engine import COMPUTER_PLAYERS_OPTION, GameRules
from bot.leagues import Format, League, Outcome, Pairing, advance, drop, is_finished, record
from bot.leagues import start as start_league
from bot.leagues.league import MAX_ENTRANTS, MIN_ENTRANTS, planned_rounds
from bot.leagues.steps import round_is_over, waiting_tables
from bot.matches.host import COMPUTER_NAMES, MatchHost
from bot.matches.league_records import Entrant, LeagueRecord, LeagueStatus, LeagueStore, LeagueTable
from bot.matches.locks import MatchLocks
from bot.matches.model import Match, MatchStatus
from bot.matches.ports import ChannelBusy
from bot.matches.refusals import Refusal
from bot.matches.snapshots import ActionResult, Snapshot

ROUND_DAYS_LEAST, ROUND_DAYS_MOST = 1, 14
"""The round lengths, in days, an organiser may choose."""
ROUND_DAYS_DEFAULT_LEAST = 3
ROUND_CLOCKS = 10
"""A round lasts, unless the organiser chose, ten turn clocks (room for a slow game to go on, and for a player who
missed a few turns to come back to it), at least three days so that players across time zones find each other, and
at most the longest offered."""
COMPUTER_ENTRANT_IDS = -1000
"""Computer entrants have ids -1001, -1002, ...: apart from the ids -1, -2 ... of a table's own computer players."""


class LeagueReason(StrEnum):
    GAME_NOT_OFFERED = "game_not_offered"
    """details: offered (the titles of the games leagues offer)."""
    ROUNDS_NOT_SWISS = "rounds_not_swiss"
    ROUNDS_OUT_OF_RANGE = "rounds_out_of_range"
    ROUND_DAYS_OUT_OF_RANGE = "round_days_out_of_range"
    """details: least, most."""
    CHANNEL_BUSY = "channel_busy"
    NO_LEAGUE = "no_league"
    NOT_ORGANISER = "not_organiser"
    ALREADY_JOINED = "already_joined"
    NOT_JOINED = "not_joined"
    ALREADY_STARTED = "already_started"
    NOT_STARTED = "not_started"
    FULL = "full"
    TOO_FEW = "too_few"
    """details: needed, joined."""
    UNKNOWN_PLAYER = "unknown_player"
    ALREADY_DROPPED = "already_dropped"
    OVER = "over"
    CHANGED_MEANWHILE = "changed_meanwhile"


class LeagueRefusal(Refusal):
    """A league request refused, for a `LeagueReason`; nothing changed."""


@dataclass(frozen=True)
class PlayedOut:
    """A round whose deadline passed: the league now, and the last move of each table computers played to its end."""

    record: LeagueRecord
    games: tuple[ActionResult, ...]


@dataclass(frozen=True)
class Dropped:
    """A drop: the league now, and the live table the dropped player must leave (None: they had none)."""

    record: LeagueRecord
    table_match_id: int | None


def default_round_days(clock: timedelta) -> int:
    """How many days a round lasts when the organiser does not say (see `ROUND_CLOCKS`)."""
    return min(ROUND_DAYS_MOST, max(ROUND_DAYS_DEFAULT_LEAST, math.ceil(ROUND_CLOCKS * clock / timedelta(days=1))))


def offered(rules: GameRules) -> bool:
    """Whether leagues offer the game: a table of two players."""
    return rules.min_players <= 2 <= rules.max_players


class LeagueHost:
    """Creates, fills, starts and steps leagues; see the module docstring."""

    def __init__(self, store: LeagueStore, host: MatchHost, games: Mapping[str, GameRules]) -> None:
        self.store = store
        self.host = host
        self.games = games
        self._locks = MatchLocks()

    def offered_titles(self) -> list[str]:
        return [rules.title for rules in self.games.values() if offered(rules)]

    # -- before the start ------------------------------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        game: str,
        format: Format,
        rounds: int | None,
        clock: timedelta,
        round_days: int | None = None,
    ) -> LeagueRecord:
        rules = self.games.get(game)
        if rules is None or not offered(rules):
            raise LeagueRefusal(LeagueReason.GAME_NOT_OFFERED, offered=self.offered_titles())
        if rounds is not None and format is not Format.SWISS:
            raise LeagueRefusal(LeagueReason.ROUNDS_NOT_SWISS)
        if rounds is not None and not 1 <= rounds <= MAX_ENTRANTS - 1:
            raise LeagueRefusal(LeagueReason.ROUNDS_OUT_OF_RANGE, most=MAX_ENTRANTS - 1)
        if round_days is not None and not ROUND_DAYS_LEAST <= round_days <= ROUND_DAYS_MOST:
            raise LeagueRefusal(LeagueReason.ROUND_DAYS_OUT_OF_RANGE, least=ROUND_DAYS_LEAST, most=ROUND_DAYS_MOST)
        new = LeagueRecord(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            organiser_id=organiser_id,
            game=game,
            format=format,
            rounds_asked=rounds or 0,
            clock_seconds=int(clock.total_seconds()),
            round_days=round_days or default_round_days(clock),
        )
        try:
            return await self.store.create_league(new)
        except ChannelBusy:
            raise LeagueRefusal(LeagueReason.CHANNEL_BUSY) from None

    async def get(self, league_id: int) -> LeagueRecord:
        found = await self.store.load_league(league_id) if 0 < league_id < 1 << 63 else None
        if found is None:
            raise LeagueRefusal(LeagueReason.NO_LEAGUE)
        return found

    async def in_channel(self, channel_id: int) -> LeagueRecord:
        found = await self.store.league_in_channel(channel_id)
        if found is None:
            raise LeagueRefusal(LeagueReason.NO_LEAGUE)
        return found

    async def join(self, league_id: int, user_id: int, name: str) -> LeagueRecord:
        async with self._locks.hold(league_id):
            league = self._joining(await self.get(league_id))
            if league.entrant_of(user_id) is not None:
                raise LeagueRefusal(LeagueReason.ALREADY_JOINED)
            return await self._entered(league, Entrant(user_id, name))

    async def add_computer(self, league_id: int, by_user_id: int) -> LeagueRecord:
        """The organiser adds a computer player (it plays its games as a table's computer players do)."""
        async with self._locks.hold(league_id):
            league = self._organised_by(self._joining(await self.get(league_id)), by_user_id)
            computers = sum(entrant.is_computer for entrant in league.entrants)
            name = f"Bot {COMPUTER_NAMES[computers % len(COMPUTER_NAMES)]}" + (
                f" {computers // len(COMPUTER_NAMES) + 1}" if computers >= len(COMPUTER_NAMES) else ""
            )
            return await self._entered(league, Entrant(COMPUTER_ENTRANT_IDS - computers - 1, name))

    async def leave(self, league_id: int, user_id: int) -> LeagueRecord:
        async with self._locks.hold(league_id):
            league = self._joining(await self.get(league_id))
            if league.entrant_of(user_id) is None:
                raise LeagueRefusal(LeagueReason.NOT_JOINED)
            remaining = tuple(entrant for entrant in league.entrants if entrant.user_id != user_id)
            return await self._save(league, entrants=remaining)

    async def start(self, league_id: int, by_user_id: int) -> LeagueRecord:
        """The organiser starts the league: its first round is paired (its tables are opened by `open_table`)."""
        async with self._locks.hold(league_id):
            league = self._organised_by(self._joining(await self.get(league_id)), by_user_id)
            if len(league.entrants) < MIN_ENTRANTS:
                raise LeagueRefusal(LeagueReason.TOO_FEW, needed=MIN_ENTRANTS, joined=len(league.entrants))
            started = start_league(league.format, len(league.entrants), league.rounds_asked or None)
            return await self._save(
                league, status=LeagueStatus.RUNNING, league=started, round_deadline=self._round_ends(league)
            )

    # -- while it runs ---------------------------------------------------------------------------------------

    async def tables_to_open(self, league: LeagueRecord) -> list[Pairing]:
        """The current round's games that have no table yet."""
        if league.league is None or league.status is not LeagueStatus.RUNNING:
            return []
        opened = {(table.round, table.table) for table in await self.store.league_tables(league.id)}
        return [pairing for pairing in waiting_tables(league.league) if (pairing.round, pairing.table) not in opened]

    async def open_table(
        self, league: LeagueRecord, pairing: Pairing, *, channel_id: int, parent_channel_id: int | None
    ) -> ActionResult:
        """Open and deal the table of a league game in `channel_id` (a thread the Discord side opened): the
        players in seat order (a person first, so the table's opener is a person where there is one), the league's
        clock, and a game of two its leaver forfeits (a drop)."""
        opener, other = (league.entrants[entrant] for entrant in seat_order(league, pairing))
        table = await self.host.open_table(
            guild_id=league.guild_id,
            channel_id=channel_id,
            parent_channel_id=parent_channel_id,
            game=league.game,
            opener_id=opener.user_id,
            opener_name=opener.name,
            options={COMPUTER_PLAYERS_OPTION: 1} if other.is_computer else {},
            clock=timedelta(seconds=league.clock_seconds),
            leaver_forfeits=True,
        )
        if not other.is_computer:
            await self.host.join(table.id, other.user_id, other.name)
        await self.store.add_league_table(LeagueTable(league.id, pairing.round, pairing.table, table.id))
        return await self.host.start(table.id, opener.user_id)

    async def table_over(self, match: Match) -> LeagueRecord | None:
        """Record the outcome of a league table that finished; the league as it is now (None: not a league table,
        or nothing changed). Once the round's last game is decided, the next round is paired (or the league ends)."""
        if match.status not in (MatchStatus.FINISHED, MatchStatus.ABANDONED):
            return None
        table = await self.store.league_table_of(match.id)
        if table is None:
            return None
        async with self._locks.hold(table.league_id):
            league = await self.get(table.league_id)
            pairing = league.league.pairing(table.round, table.table) if league.league else None
            if pairing is None or pairing.is_decided or league.status is not LeagueStatus.RUNNING:
                return None
            # A table closed with /abandon has no result: the game counts as a draw, so that the round goes on.
            abandoned = match.status is MatchStatus.ABANDONED
            outcome = Outcome.DRAW if abandoned else _outcome_at(self.host.snapshot(match), league, pairing)
            return await self._stepped(league, record(league.league, table.round, table.table, outcome))

    async def rounds_past_deadline(self) -> list[PlayedOut]:
        """Decide every round whose deadline passed: each of its tables still playing is played to its end by
        computers, at once, and recorded as any other (a rated game), which starts the next round. A game that
        never got a table (Discord refused the thread), or that no computer would play on, counts as a draw, as an
        abandoned table does, so that the round ends."""
        decided = []
        for league in await self.store.leagues_past_deadline(self.host.clock.now()):
            games = []
            tables = {(t.round, t.table): t.match_id for t in await self.store.league_tables(league.id)}
            for pairing in waiting_tables(league.league):
                match_id = tables.get((pairing.round, pairing.table))
                played = await self.host.play_out(match_id) if match_id is not None else None
                if played is not None:
                    games.append(played)
                match = await self.host.store.load_match(match_id) if match_id is not None else None
                if match is not None and match.status is MatchStatus.PLAYING:
                    match = await self.host.abandon(match.id, match.opener_id, is_admin=True)
                if match is not None:
                    await self.table_over(match)
                else:
                    async with self._locks.hold(league.id):
                        now = await self.get(league.id)
                        if now.league.pairing(pairing.round, pairing.table).outcome is None:
                            await self._stepped(now, record(now.league, pairing.round, pairing.table, Outcome.DRAW))
            decided.append(PlayedOut(await self.get(league.id), tuple(games)))
        return decided

    async def next_round_deadline(self) -> datetime | None:
        return await self.store.next_round_deadline()

    async def drop(self, league_id: int, by_user_id: int, user_id: int) -> Dropped:
        """The organiser drops a player: their game now is a forfeit, as is every game they had left."""
        async with self._locks.hold(league_id):
            league = self._organised_by(await self.get(league_id), by_user_id)
            if league.status is LeagueStatus.JOINING or league.league is None:
                raise LeagueRefusal(LeagueReason.NOT_STARTED)
            if league.status is LeagueStatus.FINISHED:
                raise LeagueRefusal(LeagueReason.OVER)
            entrant = league.entrant_of(user_id)
            if entrant is None:
                raise LeagueRefusal(LeagueReason.UNKNOWN_PLAYER)
            if entrant in league.league.dropped:
                raise LeagueRefusal(LeagueReason.ALREADY_DROPPED)
            live = next(
                (p for p in waiting_tables(league.league) if p.has(entrant)), None
            )  # the game the drop forfeits
            tables = {(t.round, t.table): t.match_id for t in await self.store.league_tables(league.id)}
            changed = await self._stepped(league, drop(league.league, entrant))
            match_id = tables.get((live.round, live.table)) if live is not None else None
            return Dropped(changed, match_id)

    async def catch_up(self) -> list[LeagueRecord]:
        """After a start: record every league table that finished while the bot was down, and step the leagues;
        return the running leagues (whose missing tables the Discord side then opens)."""
        running = []
        for league in await self.store.live_leagues():
            if league.status is not LeagueStatus.RUNNING:
                continue
            for table in await self.store.league_tables(league.id):
                match = await self.host.store.load_match(table.match_id)
                if match is not None:
                    await self.table_over(match)
            running.append(await self.get(league.id))
        return running

    async def threads_of(self, league: LeagueRecord) -> dict[tuple[int, int], int]:
        """The channel (thread) of each of the league's tables, by (round, table)."""
        return {(table.round, table.table): table.channel_id for table in await self.store.league_tables(league.id)}

    async def note(self, league_id: int, **changes: Any) -> LeagueRecord:
        """Note what the Discord side did for the league (its board's message, the end announced)."""
        async with self._locks.hold(league_id):
            return await self._save(await self.get(league_id), **changes)

    # -- inside ------------------------------------------------------------------------------------------------

    async def _stepped(self, league: LeagueRecord, stepped: League) -> LeagueRecord:
        """Save the stepped league, advancing to the next round when this one is over, or ending it."""
        while round_is_over(stepped) and not is_finished(stepped):
            stepped = advance(stepped)
        status = LeagueStatus.FINISHED if is_finished(stepped) else LeagueStatus.RUNNING
        new_round = league.league is None or stepped.round != league.league.round
        deadline = self._round_ends(league) if new_round else league.round_deadline
        return await self._save(league, league=stepped, status=status, round_deadline=deadline)

    def _round_ends(self, league: LeagueRecord) -> int:
        """The deadline of a round starting now (0: the league has none)."""
        if not league.round_days:
            return 0
        return int((self.host.clock.now() + timedelta(days=league.round_days)).timestamp())

    async def _entered(self, league: LeagueRecord, entrant: Entrant) -> LeagueRecord:
        if len(league.entrants) >= MAX_ENTRANTS:
            raise LeagueRefusal(LeagueReason.FULL, most=MAX_ENTRANTS)
        return await self._save(league, entrants=(*league.entrants, entrant))

    async def _save(self, stored: LeagueRecord, **changes: Any) -> LeagueRecord:
        changed = stored.with_changes(version=stored.version + 1, **changes)
        if not await self.store.save_league(changed, stored.version):
            raise LeagueRefusal(LeagueReason.CHANGED_MEANWHILE)
        return changed

    @staticmethod
    def _joining(league: LeagueRecord) -> LeagueRecord:
        if league.status is not LeagueStatus.JOINING:
            raise LeagueRefusal(LeagueReason.ALREADY_STARTED)
        return league

    @staticmethod
    def _organised_by(league: LeagueRecord, user_id: int) -> LeagueRecord:
        if league.organiser_id != user_id:
            raise LeagueRefusal(LeagueReason.NOT_ORGANISER, organiser_id=league.organiser_id)
        return league


def rounds_of(league: LeagueRecord) -> int:
    """The rounds the league plays (or will, once started with the entrants it has now)."""
    if league.league is not None:
        return league.league.rounds
    return planned_rounds(league.format, max(len(league.entrants), MIN_ENTRANTS), league.rounds_asked or None)


def seat_order(league: LeagueRecord, pairing: Pairing) -> tuple[int, int]:
    """The pairing's entrants in their table's seat order: a person first, so that the table's opener is a person
    where there is one (a computer entrant playing a person sits as the table's own computer player)."""
    return tuple(sorted((pairing.first, pairing.second), key=lambda entrant: league.entrants[entrant].is_computer))  # type: ignore[return-value]


def _outcome_at(snapshot: Snapshot, league: LeagueRecord, pairing: Pairing) -> Outcome:
    """The league outcome of a finished table: who of the pairing won (both or neither: a draw)."""
    settled = snapshot.standing
    seated = seat_order(league, pairing)
    won = {seated[seat] for seat in (settled.winners if settled else ()) if seat < len(seated)}
    if won == {pairing.first}:
        return Outcome.FIRST_WINS
    if won == {pairing.second}:
        return Outcome.SECOND_WINS
    return Outcome.DRAW
