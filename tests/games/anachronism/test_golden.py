"""The golden playthrough: one whole match of Anachronism, both seats computers, written out action by action and
compared with golden/.

Every action is the computer's timer action (`RULES.timers(state)[0].action_at(0)`: while both choose a force,
seat 0's first), so the transcript changes when the set-up, the rounds, the attacks and their dice, the abilities,
the end or the computers' choices change. Rewrite it with UPDATE_GOLDEN=1 after a deliberate change, and read the
difference before committing it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from golden import assert_matches_golden

from bot.engine import Event, Seating
from bot.games.anachronism.state import AnachronismState

from .positions import POOL, RULES

GOLDEN = Path(__file__).parent / "golden" / "anachronism_seed_7.txt"
ACTION_LIMIT = 400


def golden_transcript(seed: int = 7) -> str:
    state = RULES.setup(Seating(2, computers=(0, 1)), {}, seed)
    lines = [
        f"Anachronism golden playthrough: seed {seed}, both seats computers (each action is the computer's timer",
        "action). Each line: the seat and its action, what came of it (rolls: dice +bonus = total), then each",
        "warrior's Life, space and facing, and its face-up supports.",
    ]
    number = 0
    while not RULES.is_over(state):
        assert number < ACTION_LIMIT, "the match did not end"
        timer = RULES.timers(state)[0]
        action = timer.action_at(0)
        assert action in RULES.legal_actions(state, timer.seat)
        state, events = RULES.apply(state, timer.seat, action)
        number += 1
        happened = "; ".join(filter(None, (described(event, events[:index]) for index, event in enumerate(events))))
        lines.append(f"{number:3d}. seat {timer.seat} {action.notation:<36} {happened}".rstrip())
        lines.append(f"     {board(state)}")
    outcome = RULES.outcome(state)
    lines.append(f"Outcome: {outcome.reason}; placings {[list(group) for group in outcome.placings]}")
    cards = sorted({card for fighter in state.fighters for card in (fighter.warrior, *fighter.supports)})
    lines.append("Cards: " + ", ".join(f"{card} {name_of(card)}" for card in cards))
    return "\n".join(lines) + "\n"


def name_of(card: str) -> str:
    return (POOL.warrior(card) if card.startswith("wr-") else POOL.support(card)).name


def described(event: Event, earlier: Sequence[Event]) -> str:
    """The event in the transcript's words (`earlier`: the events of its action before it), or "" to leave it out."""
    data, seat = event.data, event.seat
    if event.kind == "setup_rolled":
        return f"set-up roll {'+'.join(map(str, data['dice']))}"
    if event.kind == "round_started":
        return f"ROUND {data['round']}"
    if event.kind == "revealed":
        return f"{seat} turns up {data['card']}"
    if event.kind == "initiative":
        shown = "-".join("null" if value is None else str(value) for value in data["initiative"])
        rolled = ""
        if data["by"] == "roll":
            *_, tie = [each.data for each in earlier if each.kind == "rolled_off"]  # the one that settled it
            rolled = f" {sum(tie['dice'][0])} to {sum(tie['dice'][1])}"
        return f"initiative {shown}: {data['first']} first by {data['by']}{rolled}"
    if event.kind == "discarded":
        return f"{seat} discards {data['card']}"
    if event.kind == "ability_used":
        return f"{seat} uses {data['ability']}"
    if event.kind == "attacked":
        attack, defense = data["attack_dice"], data["defense_dice"]
        bonus, defense_bonus = data["attack_total"] - sum(attack), data["defense_total"] - sum(defense)
        result = f"{'critical ' if data['critical'] else ''}hit for {data['damage']}" if data["hit"] else "miss"
        return (
            f"{seat}{' (created)' if data['created'] else ''} attacks with {data['source']}: "
            f"{attack[0]}+{attack[1]}{bonus:+d}={data['attack_total']} vs "
            f"{defense[0]}+{defense[1]}{defense_bonus:+d}={data['defense_total']}, {result}"
        )
    if event.kind == "turn_started":
        return f"{seat}'s turn ({data['actions']} actions)"
    return ""


def board(state: AnachronismState) -> str:
    def one(seat: int) -> str:
        fighter = state.fighters[seat]
        where = "-" if fighter.space is None else f"({fighter.space[0]},{fighter.space[1]}){fighter.facing}"
        up = " ".join(fighter.face_up) or "-"
        return f"{seat}: {fighter.warrior or '?'} Life {fighter.life} {where} up {up}"

    return " | ".join(one(seat) for seat in range(state.seat_count))


def test_golden_playthrough_seed_7():
    assert_matches_golden(golden_transcript(), GOLDEN)
