"""Practice tables and hints through Discord: /practice deals a table for one player against computers at once (in
a private thread where the bot may open one), not rated; a Hint on a private panel gives the move a computer
would make and why, and a hint that cannot be given says why."""

from __future__ import annotations

import threading

import pytest
from fakediscord import Perm
from fakediscord.world import PRIVATE_THREAD, PUBLIC_THREAD
from support import stored_result

from bot.catalogue import CATALOGUE
from bot.games.anarchy.hints import FIRST_GAME_GUIDANCE
from bot.matches import MatchStatus
from bot.matches.snapshots import decode_state

HINT_FOOT = "\n-# Only you see this; nothing was played."
PLAY_GUIDANCE = FIRST_GAME_GUIDANCE["play"]
NOT_RATED = "Practice games are not rated and do not count in /stats or leaderboards."


async def practice(anthology, game: str = "anarchy"):
    """/practice by alice: her reply, the thread and the board in it."""
    before = {thread.id for thread in anthology.fake.threads(anthology.channel)}
    handle = await anthology.alice.slash(anthology.channel, "practice", game=game)
    reply = await handle.message()
    await anthology.settled()
    (thread,) = [thread for thread in anthology.fake.threads(anthology.channel) if thread.id not in before]
    (board,) = anthology.fake.bot_messages(thread)
    await anthology.board_attached(board, thread)
    return reply, thread, board


@pytest.mark.parametrize("entry", CATALOGUE, ids=[entry.key for entry in CATALOGUE])
async def test_practice_deals_a_table_for_the_caller_and_computers_in_a_private_thread(anthology, entry):
    reply, thread, board = await practice(anthology, entry.key)
    match = await anthology.match_here(thread)
    opponents = entry.rules.practice_opponents
    assert match.status is MatchStatus.PLAYING
    assert match.players[0].user_id == anthology.alice.id
    assert [player.is_computer for player in match.players] == [False] + [True] * opponents
    assert thread.type == PRIVATE_THREAD and anthology.alice.id in thread.thread_members
    assert thread.name == f"{entry.title} practice #{match.id}"
    computers = ", ".join(player.name for player in match.players[1:])
    plural = "s" if opponents > 1 else ""
    lines = reply.content.split("\n")
    assert reply.ephemeral
    assert lines[0] == (
        f"Your practice table for **{entry.title}** is ready in <#{thread.id}>: you against {opponents} computer "
        f"player{plural} ({computers})."
    )
    assert lines[1] == NOT_RATED
    if entry.rules.gives_hints:
        label = anthology.bot.games[entry.key].renderer.panel_label
        assert lines[2] == (
            f"Your panel (**{label}** on the board) has a **Hint** button: the move a computer would make for you, "
            "and why."
        )
    else:  # Anomia: no private panel, its moves are the board's and the chat's
        assert len(lines) == 2
    assert "Join" not in board.button_labels()
    # The private thread and its member were asked for as Discord's own description of its API says.
    (opened,) = [call for call in anthology.fake.call_log if call.route == "POST /channels/{channel_id}/threads"]
    assert opened.operation is not None and opened.body["type"] == PRIVATE_THREAD and opened.status == 201
    assert not anthology.fake.contract_violations


async def test_without_private_threads_practice_opens_a_public_thread_and_says_so(anthology):
    anthology.channel.deny_bot(Perm.CREATE_PRIVATE_THREADS)
    reply, thread, _ = await practice(anthology)
    assert thread.type == PUBLIC_THREAD
    assert reply.content.split("\n")[-1] == (
        "I may not open private threads here (I need Create Private Threads), so your practice table is in a "
        "public thread: others can watch, but only you play."
    )


async def test_without_threads_practice_opens_in_the_channel_and_says_so(anthology):
    anthology.channel.deny_bot(Perm.CREATE_PRIVATE_THREADS | Perm.CREATE_PUBLIC_THREADS)
    handle = await anthology.alice.slash(anthology.channel, "practice", game="anarchy")
    reply = await handle.message()
    await anthology.settled()
    assert anthology.fake.threads(anthology.channel) == []
    assert reply.content.split("\n")[-1] == (
        "I may not open threads here (I need Create Private Threads and Send Messages in Threads), so your "
        "practice table is in this channel: others can watch, but only you play."
    )
    assert (await anthology.match_here()).status is MatchStatus.PLAYING


async def alice_acts(anthology, match_id: int) -> bool:
    """Whether alice (seat 0 of her practice table) is to act."""
    return 0 in (await anthology.bot.host.load(match_id)).actors


async def computers_play_until_alice_acts(anthology, match_id: int) -> None:
    for _ in range(200):
        if await alice_acts(anthology, match_id):
            return
        await anthology.run_timers(3)
    raise AssertionError("alice never got a turn")


async def test_a_hint_is_the_move_a_computer_would_make_with_its_reason_and_changes_nothing(anthology):
    alice = anthology.alice
    _, thread, board = await practice(anthology)
    match = await anthology.match_here(thread)
    await computers_play_until_alice_acts(anthology, match.id)
    panel = await anthology.hand_panel(alice, board)
    assert panel.ephemeral and "Hint" in panel.button_labels()
    before = await anthology.bot.host.get(match.id)
    reply = await anthology.answer(await alice.click(panel, "Hint"))
    rules = anthology.bot.games["anarchy"].rules
    state = decode_state(rules, before)
    hint = rules.hint(state, 0)
    assert hint.action in rules.legal_actions(state, 0)
    assert reply.ephemeral
    assert reply.content == f"💡 {hint.line}{HINT_FOOT}"
    assert reply.content.startswith(("💡 Play ", "💡 Draw: none of your cards can go on"))
    assert (await anthology.bot.host.get(match.id)).version == before.version, "a hint plays nothing"
    # The move it names is one the panel offers.
    offered = [option["value"] for component in panel.all_components() for option in component.get("options", ())]
    offered += [component.get("custom_id", "").rsplit(":", 1)[-1] for component in panel.all_components()]
    assert hint.action.notation in offered


async def test_status_in_the_channel_tells_only_its_player_of_a_practice_table(anthology):
    _, thread, _ = await practice(anthology)
    match = await anthology.match_here(thread)
    theirs = await (await anthology.alice.slash(anthology.channel, "status")).response()
    assert f"Anarchy [#{match.id}]" in theirs.content and f"<#{thread.id}>" in theirs.content
    others = await (await anthology.cara.slash(anthology.channel, "status")).response()
    assert others.ephemeral and "no game running here" in others.content and str(thread.id) not in others.content


async def test_a_hint_that_takes_long_is_deferred_privately_and_then_given(anthology, monkeypatch):
    alice = anthology.alice
    _, thread, board = await practice(anthology)
    match = await anthology.match_here(thread)
    await computers_play_until_alice_acts(anthology, match.id)
    rules = anthology.bot.games["anarchy"].rules
    thinking_done, think = threading.Event(), rules.hint

    def slow_hint(state, seat):
        thinking_done.wait(10)
        return think(state, seat)

    monkeypatch.setattr(rules, "hint", slow_hint)
    try:
        handle = await alice.click(await anthology.hand_panel(alice, board), "Hint")
        deferred = await handle.response()
        assert deferred.ephemeral and deferred.loading and not handle.followups
    finally:
        thinking_done.set()
    hint = await handle.followup()
    assert hint.ephemeral and hint.content.startswith("💡 ") and hint.content.endswith(HINT_FOOT)


async def test_a_hint_is_refused_when_not_your_turn_on_an_old_panel_and_after_the_game(anthology):
    alice = anthology.alice
    _, thread, board = await practice(anthology)
    match = await anthology.match_here(thread)
    (opening,) = alice.dms()  # the panel the deal sent her
    if await alice_acts(anthology, match.id):
        await anthology.take_turn(alice, await anthology.hand_panel(alice, board))
    snapshot = await anthology.bot.host.load(match.id)
    (actor,) = snapshot.actors
    panel = await anthology.hand_panel(alice, board)
    reply = await (await alice.click(panel, "Hint")).response()
    assert reply.content == (
        f"No hint now: it is not your turn (waiting for {snapshot.match.at_seat(actor).name}). "
        "Hints are for your own moves."
    )

    await computers_play_until_alice_acts(anthology, match.id)
    reply = await (await alice.click(opening, "Hint")).response()
    assert reply.content == "No hint for that panel: it is out of date. Press the board's button for your current one."

    # Alice plays the game out, taking the hints; the last panel she saw gives no hint once it is over.
    last_panel = None
    for _ in range(400):
        if (await anthology.bot.host.get(match.id)).status is not MatchStatus.PLAYING:
            break
        if await alice_acts(anthology, match.id):
            last_panel = await anthology.hand_panel(alice, board)
            await anthology.take_turn(alice, last_panel)
        else:
            await anthology.run_timers(3)
    finished = await anthology.bot.host.get(match.id)
    assert finished.status is MatchStatus.FINISHED
    reply = await (await alice.click(opening, "Hint")).response()
    assert reply.content == "No hint: this game is over."
    assert board.button_labels() == ["Replay"], "another practice is a /practice away"
    # Not rated, not counted.
    assert stored_result(anthology.settings.database_path, match.id) is None
    assert await anthology.bot.host.store.rating_changes(match.id) == {}
    stats = await (await alice.slash(anthology.channel, "stats")).response()
    assert stats.embeds[0]["description"] == f"<@{alice.id}> has not finished a game in this server yet."
    # Its moves can still be read back.
    record = await (await alice.slash(thread, "record")).response()
    assert record.embeds[0]["title"] == f"Anarchy #{match.id}: the record"


async def play_out(anthology, match_id: int, board, seen: list[str], *, restart_after: int | None = None) -> None:
    """Alice plays her practice game to its end from My hand, the computers theirs; what every panel she was
    shown said above it is added to `seen`. With `restart_after`, the bot restarts after that many of her turns."""
    alice, turns = anthology.alice, 0
    for _ in range(600):
        if (await anthology.bot.host.get(match_id)).status is not MatchStatus.PLAYING:
            return
        if not await alice_acts(anthology, match_id):
            await anthology.run_timers(3)
            continue
        panel = await anthology.hand_panel(alice, anthology.board(match_id))
        seen.append(panel.content or "")
        seen.append((await anthology.take_turn(alice, panel)).content or "")
        turns += 1
        if turns == restart_after:
            await anthology.restart()
    raise AssertionError("the game should have ended")


async def test_a_first_game_shows_each_kind_of_guidance_once_across_a_restart_and_a_second_game_none(anthology):
    alice = anthology.alice
    _, thread, board = await practice(anthology)
    match = await anthology.match_here(thread)
    seen: list[str] = []
    await play_out(anthology, match.id, board, seen, restart_after=3)
    seen += [dm.content or "" for dm in alice.dms()]
    tips = [line for text in seen for line in text.split("\n") if line.startswith("🧭 First game tip: ")]
    guidance = {f"🧭 First game tip: {line}" for line in FIRST_GAME_GUIDANCE.values()}
    assert tips, "a first game shows guidance"
    assert set(tips) <= guidance
    assert len(tips) == len(set(tips)), "each kind of decision is explained once, a restart in between too"
    assert "🧭 First game tip: " + PLAY_GUIDANCE in tips

    # A second game of Anarchy: she has finished one, so no more guidance.
    before = len(alice.dms())
    _, thread, board = await practice(anthology)
    match = await anthology.match_here(thread)
    seen = []
    await play_out(anthology, match.id, board, seen)
    seen += [dm.content or "" for dm in alice.dms()[before:]]
    assert not [text for text in seen if "First game tip" in text]


async def test_the_hints_option_gives_any_tables_panels_a_hint_button(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.open_table(alice)
    menu = board.select_menu()
    (offered,) = [option for option in menu["options"] if option["label"] == "Hint button: on"]
    assert offered["description"] == (
        "Each player's private panel gets a Hint button: the move a computer would make for them, and why."
    )
    await (await bob.click(board, "Join")).response()
    await (await alice.select(board, "Hint button: on")).response()
    assert "Hint button: on" in str(board.embeds)
    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    for player in (alice, bob):
        assert "Hint" in (await anthology.hand_panel(player, board)).button_labels()
    # A table without it has no Hint, and Anomia, with no private panel, offers no such option.
    second = anthology.guild.create_text_channel("plain")
    plain = await anthology.started_game(alice, bob, channel=second)
    assert "Hint" not in (await anthology.hand_panel(alice, plain)).button_labels()
    refused = await (await alice.slash(second, "play", game="anomia", thread=False, options="hints=on")).response()
    assert refused.ephemeral and refused.content.startswith("Anomia has no option `hints`.")


HINTED = [entry for entry in CATALOGUE if entry.rules.gives_hints]


@pytest.mark.parametrize("entry", HINTED, ids=[entry.key for entry in HINTED])
async def test_every_game_with_a_panel_gives_a_legal_hint_with_its_reason(anthology, entry):
    alice = anthology.alice
    _, thread, board = await practice(anthology, entry.key)
    match = await anthology.match_here(thread)
    await computers_play_until_alice_acts(anthology, match.id)
    rules = anthology.bot.games[entry.key].rules
    stored = await anthology.bot.host.get(match.id)
    panel = await (await alice.click(board, anthology.bot.games[entry.key].renderer.panel_label)).response()
    reply = await anthology.answer(await alice.click(panel, "Hint"))
    state = decode_state(rules, stored)
    hint = rules.hint(state, 0)
    assert hint.action in rules.legal_actions(state, 0)
    assert reply.content == f"💡 {hint.line}{HINT_FOOT}"
