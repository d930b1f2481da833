"""Slow and absent players, for the host: turn clocks that count only outside a player's away hours, reminders held back
until they end, a computer's move when a clock runs out (and the whole seat after three in a row, until its player
moves again), leaving a running game (a computer plays on, or in a game of two the leaver may forfeit), and a game
played to its end by computers at once (`play_out`: a league table past its round's deadline). `SlowPlay` is a part
of `MatchHost`, which supplies the store, the clock and the one-transaction change; it also works out every deadline
a match's state calls for (`_deadlines_for`)."""

from __future__ import annotations

import functools
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from bot.engine import SYSTEM, Action, GameRules, Seat
from bot.matches.model import Deadline, DeadlineKind, Match, MatchStatus, Player
from bot.matches.ports import Change
from bot.matches.snapshots import ActionResult, DeadlineFired, Snapshot, decode_state
from bot.matches.standing import result_of, standing
from bot.matches.thinking import think_ahead
from bot.players import awake_at, clock_runs_out, is_away

DEFAULT_CLOCK = timedelta(days=1)
"""A table's turn clock unless its opener chose another (or none)."""
STAND_IN_DELAY = timedelta(seconds=2)
"""How long the computer takes over a move for a seat it plays, so that players can follow it on the board."""
FORFEIT = "forfeit"
"""The reason of a result a leaver forfeited (`Match.leaver_forfeits`), beside the games' own end reasons."""
HAND_OVER_AFTER = 3
"""Stand-in turns in a row after which the computer plays the seat until its player acts again."""
REMINDER, CLOCK_RUNS_OUT = "reminder", "clock runs out"
"""What a stage of the turn's deadline does (see `SlowPlay._turn_stages`)."""
PLAYED_OUT_WITHIN = 5000
"""The most moves `SlowPlay.play_out` makes: far more than any game offered lasts, so only a stuck game stops it."""


class SlowPlay:
    """Turn clocks, reminders, stand-ins and leaving, for `MatchHost`."""

    async def leave_game(self, match_id: int, user_id: int) -> Snapshot:
        """Leave a running game: a computer plays the seat for the rest of it (the result says the player left);
        the others' clocks run on as they were. In a game of two whose opener chose so, the leaver forfeits."""

        def decide(stored: Match | None) -> tuple[Change, Snapshot]:
            match = self._running(stored)
            leaver = self.still_playing(match, user_id)
            rules = self.rules_for(match)
            state = decode_state(rules, match)
            players = tuple(
                replace(player, left=True, computer_plays=True) if player == leaver else player
                for player in match.players
            )
            if match.leaver_forfeits and len(match.players) == 2:
                change = self._forfeited(match, players, leaver)
                return change, Snapshot.of(change.match, rules, state)
            updated = match.with_changes(players=players, version=match.version + 1)
            deadlines = self._deadlines_for(updated, state)
            return Change(updated, match.version, deadlines=deadlines, seats_changed=True), Snapshot.of(
                updated, rules, state
            )

        return await self._change(match_id, decide)

    def _forfeited(self, match: Match, players: tuple[Player, ...], leaver: Player) -> Change:
        """The game ends: the player who stayed wins, the leaver is second, and the result says why."""
        now = self.clock.now()
        ended = match.with_changes(
            players=players, status=MatchStatus.FINISHED, version=match.version + 1, updated_at=now
        )
        result = result_of(ended, standing(ended, None), FORFEIT, {"forfeited_by": leaver.seat})
        return Change(ended, match.version, deadlines=self._ended_deadlines(ended), result=result, seats_changed=True)

    async def _turn_due(self, deadline: Deadline) -> DeadlineFired | None:
        """The turn's deadline fell due: remind the seats it waits for at each reminder (one in their away hours
        when they end), and when the clock has run out for a seat (counted outside its player's away hours), let
        a computer make that move. What is left to do stays in the row, moved to when it falls due, so a restart
        keeps it; a turn that is over only has its row removed. A row that fell due before its moment (it
        `fires_early`) finds nothing to do yet, and is held on to that moment; so is a row that a later move left as
        it was, which stands for the turn that move started (`rows_serve`)."""
        data = deadline.data
        match = await self.store.load_match(deadline.match_id)
        if match is None or match.status is not MatchStatus.PLAYING:
            await self.store.claim_deadline(deadline, at_version=None if match is None else match.version)
            return None
        if match.version != data["version"]:
            return await self._turn_moved_on(deadline, match)
        now, seats, stages = self.clock.now(), data["seats"], self._turn_stages(match)
        stage = data["stage"]
        held = {int(seat): datetime.fromisoformat(at) for seat, at in data.get("held", {}).items()}
        reminded = {seat for seat, at in held.items() if at <= now}
        settings = {seat: await self.player_settings(match.at_seat(seat).user_id) for seat in seats}
        while stage < len(stages) and stages[stage][0] != CLOCK_RUNS_OUT and match.updated_at + stages[stage][1] <= now:
            for seat in seats:
                if is_away(settings[seat], now):
                    held[seat] = awake_at(settings[seat], now)
                else:
                    reminded.add(seat)
            stage += 1
        held = {seat: at for seat, at in held.items() if seat not in reminded}
        upcoming = list(held.values())
        if stage < len(stages):
            due = match.updated_at + stages[stage][1]
            if stages[stage][0] == CLOCK_RUNS_OUT and due <= now:
                clock = timedelta(seconds=match.clock_seconds)
                runs_out = {seat: clock_runs_out(settings[seat], match.updated_at, clock) for seat in seats}
                ran_out = [seat for seat in seats if runs_out[seat] <= now]
                if ran_out:  # the computer's move starts a new turn, with reminders of its own
                    return await self._stand_in(deadline, ran_out[0], DeadlineKind.TURN_CLOCK)
                due = min(runs_out.values())
            upcoming.append(due)
        if not upcoming:
            if not await self.store.claim_deadline(deadline, at_version=match.version):
                return None
        else:
            due = min(upcoming)
            rest = {**data, "stage": stage, "held": {str(seat): at.isoformat() for seat, at in sorted(held.items())}}
            if not await self.store.hold_deadline(deadline, due, rest, at_version=match.version):
                return None  # another process answered it, or a move came first and it fires again
            self.on_deadlines_changed(due)
        awake = tuple(sorted(reminded))
        return DeadlineFired(DeadlineKind.TURN_REMINDER, self.snapshot(match), awake) if awake else None

    async def _turn_moved_on(self, deadline: Deadline, match: Match) -> DeadlineFired | None:
        """A turn's row that the moves since it was written left as it was: it now stands for the match's turn, from
        that turn's start (the row falls due no later than the turn's first moment). It is rewritten as that turn's,
        and answered as such if that moment has come; a match waiting for no one has it removed."""
        wanted = self._deadlines_for(match, decode_state(self.rules_for(match), match))
        turn = next((each for each in wanted if each.kind is DeadlineKind.TURN), None)
        if turn is None:
            await self.store.claim_deadline(deadline, at_version=match.version)
            return None
        if not await self.store.hold_deadline(deadline, turn.due_at, turn.data, at_version=match.version):
            return None  # another process answered it, or a move came first and it fires again
        self.on_deadlines_changed(turn.due_at)
        return await self._turn_due(turn) if turn.due_at <= self.clock.now() else None

    async def _stand_in(
        self, deadline: Deadline, seat: Seat, kind: DeadlineKind = DeadlineKind.STAND_IN
    ) -> DeadlineFired | None:
        """A computer's move for a seat, claiming `deadline` in the move's transaction: its player's turn clock
        ran out (`kind` TURN_CLOCK), or the computer plays the seat for them."""
        version = deadline.data["version"]
        arrival = self.arrival_of(deadline.due_at)

        def move(rules: GameRules, state: Any) -> Action | None:
            return rules.stand_in(state, seat, arrival) if seat in rules.actors(state) else None

        thought = await think_ahead(self.store, self.rules_for, deadline.match_id, move)

        def decide(stored: Match | None) -> tuple[Change | None, ActionResult | None]:
            match = self._running(stored)
            rules = self.rules_for(match)
            state = decode_state(rules, match)
            if match.version != version or seat not in rules.actors(state):
                return None, None
            action = thought.for_match(match, lambda: rules.stand_in(state, seat, arrival))
            if action is None:
                return None, None  # a computer would not act here (it knows no answer): the turn waits on
            player = match.at_seat(seat)
            return self._applied(match, state, seat, player.user_id, action, stood_in=True, claims=deadline)

        return await self._answer(deadline, decide, (seat,), kind)

    async def play_out(self, match_id: int) -> ActionResult | None:
        """Computers play every seat of a running game to its end, at once (a league table past its round's
        deadline): each move the one a turn clock running out would get, and a game's timer taken without waiting
        for it. The last move's result, the game over unless no computer would move; None: nothing was played."""
        last = None
        for _ in range(PLAYED_OUT_WITHIN):
            result = await self._computer_moved(match_id)
            if result is None:
                return last
            last = result
            if result.snapshot.match.status is not MatchStatus.PLAYING:
                return last
        return last

    async def _computer_moved(self, match_id: int) -> ActionResult | None:
        """One move of `play_out` (None: the game is not running, or no computer would move)."""
        arrival = self.arrival_of(self.clock.now())
        # The thought holds the seat with its move.
        thought = await think_ahead(
            self.store, self.rules_for, match_id, lambda rules, state: _computer_move(rules, state, arrival)
        )

        def decide(stored: Match | None) -> tuple[Change | None, ActionResult | None]:
            if stored is None or stored.status is not MatchStatus.PLAYING:
                return None, None
            rules = self.rules_for(stored)
            state = decode_state(rules, stored)
            chosen = thought.for_match(stored, lambda: _computer_move(rules, state, arrival))
            if chosen is None:
                return None, None
            seat, action = chosen
            user_id = 0 if seat == SYSTEM else stored.at_seat(seat).user_id
            return self._applied(stored, state, seat, user_id, action, stood_in=True)

        async with self._lock(match_id):
            return await self._change(match_id, decide)

    @staticmethod
    def _turn_stages(match: Match) -> tuple[tuple[str, timedelta], ...]:
        """What the turn's deadline does, and when, counted from the turn's start: on a table with a clock, a
        reminder at half the clock and one shortly before it runs out (a tenth of it, at most an hour, before),
        then the clock running out; on a table without, one reminder after its reminder interval."""
        return _stages(match.clock_seconds, match.reminder_after_seconds)

    def _deadlines_for(self, match: Match, state: Any, *, stage: int = 0) -> list[Deadline]:
        """Every deadline the match's state calls for: one for the turn (its reminders and clock, for everyone who
        must act, from `stage` on; its row may fall due early), a move for each seat the computer plays, and the
        game's timers (each keeps its first due time). A turn starts at every change of the match."""
        rules = self.rules_for(match)
        deadlines = []
        waiting = []
        for seat in sorted(rules.actors(state)):
            player = match.at_seat(seat)
            if player.computer_plays:
                data = {"seat": seat, "version": match.version}
                due_at = match.updated_at + STAND_IN_DELAY
                deadlines.append(Deadline(match.id, DeadlineKind.STAND_IN, due_at, data, str(seat)))
            elif not player.is_computer:
                waiting.append(seat)
        if waiting:
            data = {"seats": waiting, "version": match.version, "stage": stage}
            due_at = match.updated_at + self._turn_stages(match)[stage][1]
            # Fires early: a move then rewrites the row alone, not its entries in the due-time index.
            deadlines.append(Deadline(match.id, DeadlineKind.TURN, due_at, data, fires_early=True))
        for timer in rules.timers(state):
            due_at = match.updated_at + timedelta(seconds=timer.delay_seconds)
            deadlines.append(Deadline(match.id, DeadlineKind.GAME_TIMER, due_at, {}, timer.key, keeps_first_due=True))
        return deadlines


def after_move(player: Player, *, stood_in: bool) -> Player:
    """The player's record after a move in their seat: one more stand-in in a row (the seat goes to the computer
    after `HAND_OVER_AFTER`), or, for a move of their own, none, and the seat theirs again."""
    if player.left:
        return player
    if not stood_in:
        if player.stood_in == 0 and not player.computer_plays:
            return player  # as nearly every move finds it: the match's seats are then not written again
        return replace(player, stood_in=0, computer_plays=False)
    count = player.stood_in + 1
    return replace(player, stood_in=count, computer_plays=player.computer_plays or count >= HAND_OVER_AFTER)


def _computer_move(rules: GameRules, state: Any, arrival: int) -> tuple[Seat, Action] | None:
    """The next move of a game computers play to its end: a stand-in's for a seat that must act, else the action of
    the game's first timer (a window closing, a computer player's move), taken now; None: no computer would move."""
    for seat in sorted(rules.actors(state)):
        action = rules.stand_in(state, seat, arrival)
        if action is not None:
            return seat, action
    timers = sorted(rules.timers(state), key=lambda timer: timer.delay_seconds)
    return (timers[0].seat, timers[0].action_at(arrival)) if timers else None


@functools.lru_cache(maxsize=64)
def _stages(clock_seconds: int, reminder_after_seconds: int) -> tuple[tuple[str, timedelta], ...]:
    # Worked out at every move, from the few clocks and reminder intervals tables are offered.
    if not clock_seconds:
        return ((REMINDER, timedelta(seconds=reminder_after_seconds)),)
    clock = timedelta(seconds=clock_seconds)
    return (REMINDER, clock / 2), (REMINDER, clock - min(clock / 10, timedelta(hours=1))), (CLOCK_RUNS_OUT, clock)
