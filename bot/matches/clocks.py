"""Slow and absent players, for the host: turn clocks that count only outside a player's away hours, reminders
held back until they end, a computer's move when a clock runs out (and the whole seat after three in a row, until
its player moves again), and leaving a running game (a computer plays on, or in a game of two the leaver may
forfeit). `SlowPlay` is a part of `MatchHost`, which supplies the store, the clock and the one-transaction
change; it also works out every deadline a match's state calls for (`_deadlines_for`)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from bot.matches.model import Deadline, DeadlineKind, Match, MatchStatus, Player, Result
from bot.matches.ports import Change
from bot.matches.snapshots import ActionResult, DeadlineFired, Snapshot, decode_state
from bot.players import awake_at, clock_runs_out, is_away

DEFAULT_CLOCK = timedelta(days=1)
"""A table's turn clock unless its opener chose another (or none)."""
STAND_IN_DELAY = timedelta(seconds=2)
"""How long the computer takes over a move for a seat it plays, so that players can follow it on the board."""
FORFEIT = "forfeit"
"""The reason of a result a leaver forfeited (`Match.leaver_forfeits`), beside the games' own end reasons."""
HAND_OVER_AFTER = 3
"""Stand-in turns in a row after which the computer plays the seat until its player acts again."""


class SlowPlay:
    """Turn clocks, reminders, stand-ins and leaving, for `MatchHost`."""

    async def leave_game(self, match_id: int, user_id: int) -> Snapshot:
        """Leave a running game: a computer plays the seat for the rest of it (the result says the player left);
        the others' clocks run on as they were. In a game of two whose opener chose so, the leaver forfeits."""

        def decide(stored: Match | None) -> tuple[Change, Snapshot]:
            match = self._running(stored)
            leaver = self._player(match, user_id)
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
        (winner,) = [player for player in players if player.user_id != leaver.user_id]
        ended = match.with_changes(
            players=players, status=MatchStatus.FINISHED, version=match.version + 1, updated_at=now
        )
        result = Result(
            match_id=match.id, game=match.game, guild_id=match.guild_id, finished_at=now, reason=FORFEIT,
            outcome={"forfeited_by": leaver.seat}, placings={winner.user_id: 1, leaver.user_id: 2},
            winners=(winner.user_id,), left=(leaver.user_id,),
        )  # fmt: skip
        return Change(ended, match.version, deadlines=[], result=result, seats_changed=True)

    async def _remind(self, deadline: Deadline, match: Match) -> DeadlineFired | None:
        """Remind the seats the turn waits for; one in their away hours is reminded when they end (the reminder
        stays stored, moved to then, so a restart keeps it)."""
        now = self.clock.now()
        seats = tuple(deadline.data.get("seats", ()))
        held = {}
        for seat in seats:
            settings = await self.player_settings(match.at_seat(seat).user_id)
            if is_away(settings, now):
                held[seat] = awake_at(settings, now)
        if held:
            due = min(held.values())
            if not await self.store.hold_deadline(deadline, due, {**deadline.data, "seats": sorted(held)}):
                return None
            self.on_deadlines_changed(due)
        elif not await self.store.claim_deadline(deadline):
            return None
        awake = tuple(seat for seat in seats if seat not in held)
        return DeadlineFired(deadline.kind, self.snapshot(match), awake) if awake else None

    async def _stand_in(self, deadline: Deadline) -> DeadlineFired | None:
        """A computer's move for a seat: its player's turn clock ran out (counted outside their away hours: a
        clock that ran partly in them is moved on, and fires later), or the computer plays the seat for them."""
        seat, version = deadline.data["seat"], deadline.data["version"]
        match = await self.store.load_match(deadline.match_id)
        if match is None or match.status is not MatchStatus.PLAYING or match.version != version:
            await self.store.claim_deadline(deadline)
            return None
        if deadline.kind is DeadlineKind.TURN_CLOCK:
            settings = await self.player_settings(match.at_seat(seat).user_id)
            since = datetime.fromisoformat(deadline.data["since"])
            due = clock_runs_out(settings, since, timedelta(seconds=match.clock_seconds))
            if due > self.clock.now():
                if await self.store.hold_deadline(deadline, due, deadline.data):
                    self.on_deadlines_changed(due)
                return None

        def decide(stored: Match | None) -> tuple[Change | None, ActionResult | None]:
            match = self._running(stored)
            rules = self.rules_for(match)
            state = decode_state(rules, match)
            if match.version != version or seat not in rules.actors(state):
                return None, None
            action = rules.stand_in(state, seat, self.arrival_of(deadline.due_at))
            if action is None:
                return None, None  # a computer would not act here (it knows no answer): the turn waits on
            player = match.at_seat(seat)
            return self._applied(match, state, seat, player.user_id, action, stood_in=True, claims=deadline)

        return await self._answer(deadline, decide, (seat,))

    @staticmethod
    def _reminders(match: Match) -> list[tuple[str, timedelta]]:
        """When a waiting player is reminded: at half their turn clock and shortly before it runs out (a tenth of
        it, at most an hour, before); on a table without a clock, after its reminder interval."""
        if not match.clock_seconds:
            return [("", timedelta(seconds=match.reminder_after_seconds))]
        clock = timedelta(seconds=match.clock_seconds)
        return [("half", clock / 2), ("soon", clock - min(clock / 10, timedelta(hours=1)))]

    def _deadlines_for(self, match: Match, state: Any) -> list[Deadline]:
        """Every deadline the match's state calls for: for each person who must act, their turn clock (or, for a
        seat the computer plays, its move) and their reminders; and the game's timers (each keeps its first due
        time)."""
        rules = self.rules_for(match)
        deadlines = []
        humans = sorted(seat for seat in rules.actors(state) if not match.at_seat(seat).is_computer)
        for seat in humans:
            data = {"seat": seat, "version": match.version}
            if match.at_seat(seat).computer_plays:
                due_at = match.updated_at + STAND_IN_DELAY
                deadlines.append(Deadline(match.id, DeadlineKind.STAND_IN, due_at, data, str(seat)))
            elif match.clock_seconds:
                # Due when it would run out with no away hours; at that moment it is moved on if they paused it.
                due_at = match.updated_at + timedelta(seconds=match.clock_seconds)
                data["since"] = match.updated_at.isoformat()
                deadlines.append(Deadline(match.id, DeadlineKind.TURN_CLOCK, due_at, data, str(seat)))
        reminded = [seat for seat in humans if not match.at_seat(seat).computer_plays]
        data = {"seats": reminded, "version": match.version}
        for key, after in self._reminders(match) if reminded else ():
            deadlines.append(Deadline(match.id, DeadlineKind.TURN_REMINDER, match.updated_at + after, data, key))
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
        return replace(player, stood_in=0, computer_plays=False)
    count = player.stood_in + 1
    return replace(player, stood_in=count, computer_plays=player.computer_plays or count >= HAND_OVER_AFTER)
