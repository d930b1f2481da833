"""First-game guidance: in a player's first game of each game, one line at each new kind of decision (the first time
they must start the pile, draw, place their warrior...), shown on their panel above it, once per kind.

The game names the kind and writes the line (`GameRules.decision`); storage remembers what each player was shown
(`MatchStore.first_guidance`), across restarts, and shows nothing to a player who has finished a game of it. Kinds
already asked about are remembered here too, so a panel shown again asks storage nothing."""

from __future__ import annotations

from collections import OrderedDict

from bot.matches import Snapshot
from bot.matches.ports import MatchStore

ASKED_KEPT = 10_000
"""(player, game, kind) already asked about, kept in memory: storage has the rest."""
TIP = "🧭 First game tip: "


class FirstGameGuidance:
    def __init__(self, store: MatchStore) -> None:
        self.store = store
        self._asked: OrderedDict[tuple[int, str, str], None] = OrderedDict()

    async def heading(self, snapshot: Snapshot, seat: int, heading: str = "") -> str:
        """`heading`, with the seat's first-game line under it when this is the first time its player faces this
        kind of decision in this game (and they have never finished one)."""
        tip = await self._tip(snapshot, seat)
        return "\n".join(line for line in (heading, tip) if line)

    async def _tip(self, snapshot: Snapshot, seat: int) -> str:
        player = snapshot.match.at_seat(seat)
        if player.is_computer or player.left:
            return ""
        decision = snapshot.decision(seat)
        if decision is None:
            return ""
        asked = (player.user_id, snapshot.match.game, decision.kind)
        if asked in self._asked:
            return ""
        self._asked[asked] = None
        if len(self._asked) > ASKED_KEPT:
            self._asked.popitem(last=False)
        if not await self.store.first_guidance(*asked):
            return ""
        return TIP + decision.guidance
