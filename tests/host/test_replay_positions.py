"""Replays rebuilt from the log: for every game, a match played to its end through the host (people, computers
standing in for a leaver, the game's own timers) replays through the pure rules to the very state it finished in,
and the position of any move is what everyone saw then, also when shown after a restart from the states its first
full rebuild kept; running and abandoned games have none."""

from __future__ import annotations

from dataclasses import replace

import pytest
from support import RULES, flipped_to_a_face_off, play_to_the_end

from bot.matches import MatchHost, MatchStatus, Refusal, RefusalReason, replays
from bot.matches.records import Records
from bot.matches.replays import Replay, seating_of
from bot.matches.seat_taking import game_options

ALICE, BOB, CARA = 101, 102, 103
GUILD = 1


async def started(host: MatchHost, game: str, channel_id: int) -> int:
    match = await host.open_table(
        guild_id=GUILD, channel_id=channel_id, game=game, opener_id=ALICE, opener_name="Alice", clock=None
    )
    for user_id in (BOB, CARA)[: max(1, RULES[game].min_players - 1)]:
        await host.join(match.id, user_id, f"user{user_id}")
    await host.start(match.id, ALICE)
    return match.id


@pytest.mark.parametrize("game", sorted(RULES))
async def test_every_games_replay_ends_in_the_state_it_finished_in(host, store, clock, game):
    match_id = await started(host, game, 700)
    await host.leave_game(match_id, BOB)  # a computer plays Bob's seat: its moves are in the log too
    await play_to_the_end(host, clock, match_id)
    finished = await host.load(match_id)
    assert finished.match.status is MatchStatus.FINISHED
    rules = RULES[game]
    log = await store.action_log(match_id)

    replay = Replay(rules, finished.match, log)
    await replay.reach(len(log))  # the end is rebuilt, not read from the stored state
    rebuilt = await replay.position(len(log))
    assert rebuilt.public_view == finished.public_view
    records = Records(store, RULES)
    last = await records.position(match_id, GUILD, len(log) + 5)
    assert (last.move, last.moves) == (len(log), len(log)), "a move past the end shows the end"
    assert last.public_view == finished.public_view
    dealt = await records.position(match_id, GUILD, 0)
    match = finished.match
    assert dealt.public_view == rules.view(
        rules.setup(seating_of(match, match.players), game_options(match.options), match.seed), None
    )
    assert [dealt.events(move) for move in range(1, len(log) + 1)] == [
        tuple(rules.decode_event(event) for event in entry.events) for entry in log
    ]


async def test_a_running_game_an_abandoned_one_and_another_servers_have_no_replay(host, store):
    records = Records(store, RULES)
    running = await started(host, "anarchy", 701)
    with pytest.raises(Refusal) as caught:
        await records.position(running, GUILD, 0)
    assert caught.value.reason is RefusalReason.NOT_FINISHED and caught.value.details["replay"]
    with pytest.raises(Refusal) as caught:
        await records.position(running, GUILD + 1, 0)
    assert caught.value.reason is RefusalReason.NO_RECORD
    await host.abandon(running, ALICE)
    with pytest.raises(Refusal) as caught:
        await records.position(running, GUILD, 0)
    assert caught.value.reason is RefusalReason.NO_REPLAY


async def test_a_game_whose_log_the_rules_no_longer_take_is_refused_at_the_move_they_refuse(host, store, clock):
    match_id = await started(host, "anarchy", 702)
    await host.leave_game(match_id, BOB)
    await play_to_the_end(host, clock, match_id)
    match = await host.get(match_id)
    log = await store.action_log(match_id)
    changed = [*log[:3], replace(log[3], action="play nothing"), *log[4:]]  # as an older version might have logged
    replay = Replay(RULES["anarchy"], match, changed)
    assert (await replay.position(3)).move == 3, "the moves before it replay"
    with pytest.raises(Refusal) as caught:
        await replay.position(4)
    assert caught.value.reason is RefusalReason.NO_REPLAY and caught.value.details["unreadable"]


async def test_answers_typed_in_chat_replay_as_they_raced(host, store, clock):
    """Anomia's answers come typed, each with its arrival key in the log: the replay decides the race as it was."""
    match_id = await started(host, "anomia", 703)
    faceoff = (await flipped_to_a_face_off(host, match_id)).public_view.faceoff
    match = await host.get(match_id)
    first, second = (match.at_seat(seat).user_id for seat in faceoff.seats)
    arrival = host.arrival_of(clock.now())
    await host.act_typed(703, second, "nike", arrival + 1, from_chat=True)
    await host.act_typed(703, first, "adidas", arrival, from_chat=True)
    await play_to_the_end(host, clock, match_id)
    finished = await host.load(match_id)
    log = await store.action_log(match_id)
    assert {entry.user_id for entry in log} >= {first, second}, "both answers are in the log"
    replay = Replay(RULES["anomia"], finished.match, log)
    await replay.reach(len(log))
    assert (await replay.position(len(log))).public_view == finished.public_view


async def test_a_game_whose_opener_left_and_whose_seat_was_taken_over_replays_to_its_end(host, store, clock):
    match_id = await started(host, "anarchy", 705)
    await host.leave_game(match_id, ALICE)  # the opener leaves, and someone else plays their seat from then on
    await host.take_seat(match_id, 104, "Dan", 0)
    await play_to_the_end(host, clock, match_id)
    finished = await host.load(match_id)
    assert finished.match.status is MatchStatus.FINISHED and finished.match.departed
    log = await store.action_log(match_id)
    replay = Replay(RULES["anarchy"], finished.match, log)
    await replay.reach(len(log))
    assert (await replay.position(len(log))).public_view == finished.public_view


async def test_a_replay_shown_after_a_restart_starts_from_the_states_kept_and_shows_every_move_as_it_was(
    host, store, clock, monkeypatch
):
    monkeypatch.setattr(replays, "KEPT_EVERY", 5)
    match_id = await started(host, "anomia", 706)
    await host.leave_game(match_id, BOB)
    await play_to_the_end(host, clock, match_id)
    match = await host.get(match_id)
    log = await store.action_log(match_id)
    as_played = await Replay(RULES["anomia"], match, log).public_views()
    # A state kept by a version whose states this one cannot read: that stretch is rebuilt from the deal instead.
    await store.keep_replay_states(match_id, [(5, '{"written by": "an older version"}')])

    nothing_kept_yet = await Records(store, RULES).position(match_id, GUILD, 12)
    assert nothing_kept_yet.public_view == as_played[12], "a game whose replay kept nothing rebuilds from the deal"
    await nothing_kept_yet.rebuild_all()  # as the bot does once it has answered the click
    every_fifth = range(5, len(log), 5)
    assert [(await store.replay_state(match_id, move))[0] for move in every_fifth] == list(every_fifth)

    for move in range(len(log) + 1):
        after_a_restart = await Records(store, RULES).position(match_id, GUILD, move)
        assert after_a_restart.public_view == as_played[move], f"move {move}"
