"""The host's one check of an out-of-date click: a control pins what it showed its player (bot/matches/pins.py),
and a click is refused only when that has changed, not whenever anything at the table did."""

from __future__ import annotations

from support import RULES
from test_host import ALICE, BOB, CARA, DAN, current_player, refused, started_countto

from bot.matches import MatchHost, RefusalReason
from bot.matches.host import decode_state


async def started(host: MatchHost, game: str, *joiners: int):
    match = await host.open_table(guild_id=1, channel_id=700, game=game, opener_id=ALICE, opener_name="Alice")
    for user_id in joiners:
        await host.join(match.id, user_id, f"user{user_id}")
    await host.start(match.id, ALICE)
    return await host.load(match.id)


async def test_a_board_click_is_taken_after_someone_else_leaves(host):
    match_id = await started_countto(host, BOB, CARA)
    board = host.snapshot(await host.get(match_id))
    mover = await current_player(host, match_id)
    leaver = next(user for user in (ALICE, BOB, CARA) if user != mover)
    await host.leave_game(match_id, leaver)
    result = await host.act(match_id, mover, "add 1", pin=board.pin(None))
    assert result.snapshot.public_view.total == 1


async def test_a_click_whose_panel_changed_is_refused_and_changes_nothing(host, database):
    match_id = await started_countto(host, BOB)
    first = await current_player(host, match_id)
    match = await host.get(match_id)
    old_panel = host.snapshot(match).pin(match.player(first).seat)
    await host.act(match_id, first, "add 1", pin=old_panel)
    await host.act(match_id, await current_player(host, match_id), "add 1")
    assert await current_player(host, match_id) == first, "the turn came back to the first player"
    before = await host.get(match_id)
    refusal = await refused(host.act(match_id, first, "add 1", pin=old_panel), RefusalReason.STALE_BOARD)
    assert refusal.details == {"board": False}
    old_board = host.snapshot(match).pin(None)
    refusal = await refused(host.act(match_id, first, "add 1", pin=old_board), RefusalReason.STALE_BOARD)
    assert refusal.details == {"board": True}
    assert await host.get(match_id) == before
    assert len(await database.stored_log(match_id)) == 2


async def test_a_control_an_older_bot_posted_pins_the_version_and_is_taken_only_on_it(host):
    match_id = await started_countto(host, BOB)
    match = await host.get(match_id)
    mover = await current_player(host, match_id)
    await refused(host.act(match_id, mover, "add 1", pin=str(match.version - 1)), RefusalReason.STALE_BOARD)
    result = await host.act(match_id, mover, "add 1", pin=str(match.version))
    assert result.match.version == match.version + 1


async def test_every_player_picks_a_force_from_the_panel_they_opened_before_anyone_picked(host):
    snapshot = await started(host, "anachronism", BOB, CARA, DAN)
    match = snapshot.match
    rules = RULES["anachronism"]
    panels = {player.user_id: snapshot.pin(player.seat) for player in match.players}
    for player in match.players:
        state = decode_state(rules, await host.get(match.id))
        force = rules.legal_actions(state, player.seat)[player.seat]
        await host.act(match.id, player.user_id, force.notation, pin=panels[player.user_id])
    state = decode_state(rules, await host.get(match.id))
    assert all(len(fighter.supports) == 4 for fighter in state.fighters), "every force was taken"
