"""Anomia through Discord: flips on the board, face-offs called in the channel, answers typed in chat and
raced in Discord's order, ties, challenges and votes, no repeats, wild cards, cascades, computer players and
a restart in the middle of a face-off."""

from __future__ import annotations

import asyncio
import json
import re
from datetime import UTC, datetime, timedelta

from anthology_driver import Anthology, expected_standings, running_anthology
from fakediscord import FakeMessage, ScriptedUser
from fakediscord.perms import Perm
from support import LEFT_REPLY, RULES

from bot.discord_ui.wording import counted
from bot.games.anomia.judging import PREDICATE_WORDS, answer_key, satisfies
from bot.matches import MatchStatus

CONTENT = RULES["anomia"].content
CATEGORIES = {category.id: category for category in CONTENT.categories}
CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"
BOARD_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
MODAL_SUBMIT = 5
"""Discord's interaction type for a box's submission."""
CHANNEL_POST = "POST /channels/{channel_id}/messages"


def answers_for(category_id: str) -> list[str]:
    """Answers the bot accepts for a category, in list order."""
    category = CATEGORIES[category_id]
    if category.predicate is not None:
        return [word for word in PREDICATE_WORDS if satisfies(category.predicate, word)]
    return [answer.text for answer in category.answers]


class AnomiaTable:
    """Drives one Anomia table as its players would."""

    def __init__(self, anthology: Anthology, board: FakeMessage, match_id: int) -> None:
        self.anthology = anthology
        self.match_id = match_id
        self.said: dict[str, set[str]] = {}

    @property
    def board(self) -> FakeMessage:
        """The board as it stands: a busy face-off buries it, and the bot posts it afresh."""
        return self.anthology.board(self.match_id)

    async def match(self):
        return await self.anthology.bot.host.get(self.match_id)

    async def view(self):
        return (await self.anthology.bot.host.load(self.match_id)).public_view

    async def user_at(self, seat: int) -> ScriptedUser | None:
        player = (await self.match()).at_seat(seat)
        return next((user for user in self.anthology.users.values() if user.id == player.user_id), None)

    async def flip(self) -> None:
        """The flipper presses a Flip button on the board; a computer flipper's timer runs instead."""
        flipper = await self.user_at((await self.view()).flipper)
        if flipper is None:
            await self.anthology.run_timers(10)
            return
        label = "Flip left" if "Flip left" in self.board.button_labels() else "Flip right"
        await (await flipper.click(self.board, label)).response()
        await self.anthology.settled()

    async def flip_until_faceoff(self, limit: int = 150):
        for _ in range(limit):
            view = await self.view()
            if view.faceoff is not None or view.outcome is not None:
                return view
            await self.flip()
        raise AssertionError("no face-off came up")

    def knows_an_answer(self, category_id: str) -> bool:
        said = self.said.get(category_id, set())
        return any(answer_key(text) not in said for text in answers_for(category_id))

    def fresh_answer(self, category_id: str) -> str:
        """An accepted answer not said yet for this category (a made-up one when the list is used up)."""
        said = self.said.setdefault(category_id, set())
        fresh = [text for text in answers_for(category_id) if answer_key(text) not in said]
        answer = fresh[0] if fresh else f"made up answer {len(said)}"
        said.add(answer_key(answer))
        return answer

    async def category_of(self, seat: int) -> str:
        faceoff = (await self.view()).faceoff
        return faceoff.categories[faceoff.seats.index(seat)][0]

    async def answer(self, seat: int, text: str | None = None, **say) -> FakeMessage:
        """The player in `seat` types an answer to their face-off category in the channel."""
        text = text or self.fresh_answer(await self.category_of(seat))
        message = await (await self.user_at(seat)).say(self.anthology.channel, text, **say)
        if say.get("deliver", True):
            await self.read(message)
        return message

    async def read(self, message: FakeMessage) -> None:
        """Wait until the bot has read a chat message and shown what it changed."""
        await self.anthology.fake.wait_for(lambda: self.anthology.bot.tables.handled_message(message.id))
        await self.anthology.settled()

    async def play_to_the_end(self) -> None:
        """Play as the humans would: flip, answer their face-offs (leaving computers time to answer theirs), vote
        yes, and let the clock run when only computers or timers can move."""
        anthology = self.anthology
        for _ in range(2000):
            view = await self.view()
            if view.outcome is not None:
                return
            faceoff = view.faceoff
            waiting = (await anthology.bot.host.load(self.match_id)).actors
            humans = [seat for seat in waiting if seat not in view.computer_seats]
            if faceoff is None:
                await self.flip()
            elif faceoff.phase == "open" and not set(faceoff.seats) & set(view.computer_seats) and humans:
                answering = [seat for seat in faceoff.seats if seat in humans]
                knows = [seat for seat in answering if self.knows_an_answer(await self.category_of(seat))]
                await self.answer((knows or answering)[0])
            elif faceoff.phase == "vote" and humans:
                await (await (await self.user_at(humans[0])).click(self.board, "Vote yes")).response()
                await anthology.settled()
            else:
                await anthology.run_timers(20)
        raise AssertionError("the game did not end")


async def started_anomia(anthology: Anthology, *players: ScriptedUser, options: str = "") -> AnomiaTable:
    """A started table. Judging is `lists` unless the options say otherwise: most tests race answers that the
    lists decide at once (the default, `trust`, adds a challenge window; its own test covers it)."""
    if "judging=" not in options:
        options = f"{options} judging=lists".strip()
    board = await anthology.started_game(*players, options=options, game="anomia")
    return AnomiaTable(anthology, board, (await anthology.match_here()).id)


def said_in_channel(anthology: Anthology, text: str) -> list[FakeMessage]:
    return [message for message in anthology.fake.channel_messages(anthology.channel) if text in message.content]


async def test_flips_are_board_buttons_and_a_faceoff_is_called_with_both_players(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    table = await started_anomia(anthology, alice, bob, cara)
    assert set(table.board.button_labels()) == {"Flip left", "Flip right"}
    assert alice.dms() == []
    flipper = await table.user_at((await table.view()).flipper)
    waiting = next(user for user in (alice, bob, cara) if user is not flipper)
    reply = await (await waiting.click(table.board, "Flip left")).response()
    assert reply.ephemeral and "not your turn" in reply.content

    mark = anthology.fake.mark()
    await (await flipper.click(table.board, "Flip left")).response()
    await anthology.settled()
    calls = anthology.fake.calls_since(mark)
    assert calls[CALLBACK] == 1 and calls[BOARD_EDIT] == 0, "the flip updates the board through its response"

    view = await table.flip_until_faceoff()
    first, second = [await table.user_at(seat) for seat in view.faceoff.seats]
    (call,) = said_in_channel(anthology, "Face-off!")
    assert f"<@{first.id}>" in call.content and f"<@{second.id}>" in call.content
    assert view.faceoff.categories[0][1] in call.content and view.faceoff.categories[1][1] in call.content
    assert "Face-off" in table.board.embeds[0]["description"]


async def test_the_earliest_message_wins_even_when_it_arrives_second(anthology):
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara)
    view = await table.flip_until_faceoff()
    first, second = view.faceoff.seats
    won_before = view.winning_pile_sizes
    # The second player's message is created 50 ms before the first player's...
    earlier_id = anthology.fake.snowflakes.at(datetime.now(UTC) - timedelta(milliseconds=50))
    late = await table.answer(first)
    early = await (await table.user_at(second)).say(
        anthology.channel, table.fresh_answer(await table.category_of(second)), snowflake=earlier_id, deliver=False
    )
    await anthology.fake.deliver(early)  # ...but reaches the bot last
    await table.read(early)
    assert early.id < late.id
    view = await table.view()
    assert view.winning_pile_sizes[second] == won_before[second] + 1
    assert view.winning_pile_sizes[first] == won_before[first]
    await anthology.fake.wait_for(lambda: early.reaction_count("✅") == 1)
    assert late.reaction_count("✅") == 0
    assert said_in_channel(anthology, "wins")


async def test_a_tie_flips_a_tie_breaker_for_both(anthology):
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara)
    view = await table.flip_until_faceoff()
    first, second = view.faceoff.seats
    moment = datetime.now(UTC)
    await table.answer(first, snowflake=anthology.fake.snowflakes.at(moment))
    await table.answer(second, snowflake=anthology.fake.snowflakes.at(moment))
    assert said_in_channel(anthology, "A tie!")
    (tiebreak,) = said_in_channel(anthology, "Tie-breaker")
    view = await table.view()
    assert view.faceoff is not None and view.faceoff.tiebreakers == 1
    category = view.faceoff.categories[0]
    assert category == view.faceoff.categories[1] and category[1] in tiebreak.content
    winner_message = await table.answer(first)
    await anthology.run_timers(1)
    await anthology.fake.wait_for(lambda: winner_message.reaction_count("✅") == 1)


async def test_a_doubtful_answer_goes_to_a_vote_of_the_other_players(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    table = await started_anomia(anthology, alice, bob, cara)
    view = await table.flip_until_faceoff()
    first, second = view.faceoff.seats
    (voter_seat,) = {0, 1, 2} - {first, second}
    voter = await table.user_at(voter_seat)
    await table.answer(first, "a made up thing")
    await anthology.run_timers(1)  # the settling window closes
    (call,) = said_in_channel(anthology, "does “a made up thing” count?")
    assert f"<@{voter.id}>" in call.content
    assert {"Vote yes", "Vote no"} <= set(table.board.button_labels())
    refused = await (await (await table.user_at(first)).click(table.board, "Vote yes")).response()
    assert refused.ephemeral
    await (await voter.click(table.board, "Vote no")).response()
    await anthology.settled()
    view = await table.view()
    assert view.faceoff is not None and view.faceoff.phase == "open"
    assert view.winning_pile_sizes[first] == 0


async def test_trust_judging_the_default_lets_the_loser_challenge(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    board = await anthology.started_game(alice, bob, cara, game="anomia")
    table = AnomiaTable(anthology, board, (await anthology.match_here()).id)
    assert (await table.match()).options["judging"] == "trust"
    view = await table.flip_until_faceoff()
    first, second = view.faceoff.seats
    (voter_seat,) = {0, 1, 2} - {first, second}
    await table.answer(first, "nonsense words")
    await anthology.run_timers(1)
    assert {"Challenge", "Accept"} <= set(table.board.button_labels())
    loser = await table.user_at(second)
    (prompt,) = said_in_channel(anthology, "Press **Challenge**")
    assert f"<@{loser.id}>" in prompt.content and "nonsense words" in prompt.content
    await (await loser.click(table.board, "Challenge")).response()
    await anthology.settled()
    await (await (await table.user_at(voter_seat)).click(table.board, "Vote no")).response()
    await anthology.settled()
    view = await table.view()
    assert view.winning_pile_sizes[first] == 0


async def test_an_answer_already_heard_in_the_channel_cannot_win(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    table = await started_anomia(anthology, alice, bob, cara)
    view = await table.flip_until_faceoff()
    first, second = view.faceoff.seats
    (spectator_seat,) = {0, 1, 2} - {first, second}
    answer = table.fresh_answer(await table.category_of(first))
    await table.read(await (await table.user_at(spectator_seat)).say(anthology.channel, answer))
    message = await table.answer(first, answer)
    replies = [m for m in anthology.fake.channel_messages(anthology.channel) if "Already said" in m.content]
    assert len(replies) == 1 and int(replies[0].message_reference["message_id"]) == message.id
    assert (await table.view()).faceoff is not None


async def test_a_restart_in_an_open_faceoff_keeps_it_open(anthology):
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara)
    view = await table.flip_until_faceoff()
    first, _ = view.faceoff.seats
    await anthology.restart()
    assert (await table.view()).faceoff == view.faceoff
    message = await table.answer(first)
    await anthology.run_timers(1)
    await anthology.fake.wait_for(lambda: message.reaction_count("✅") == 1)
    assert (await table.view()).winning_pile_sizes[first] == 1


async def test_a_full_game_with_three_people_and_a_computer(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    table = await started_anomia(anthology, alice, bob, cara, options="computer_players=1")
    match = await table.match()
    assert [player.name for player in match.players][-1] == "Bot Ada"
    await table.play_to_the_end()
    match = await table.match()
    assert match.status is MatchStatus.FINISHED
    (result,) = said_in_channel(anthology, "won Anomia")
    assert result.content.startswith("The draw piles ran out and no face-off was left. 🏆 ")
    # The result comes last, after the line of the face-off that ended the game.
    assert anthology.fake.channel_messages(anthology.channel)[-1] is result
    assert said_in_channel(anthology, "🤖 **Bot Ada**")
    assert table.board.button_labels() == ["Play again", "Replay"]
    # The board's summary: everyone by the cards they won, with their rating change.
    view = await table.view()
    lines, changes = await anthology.final_standings(table.match_id)
    won = view.winning_pile_sizes
    assert lines == expected_standings(match, view.outcome, changes, lambda seat: f"{counted(won[seat], 'card')} won")
    assert all(changes[match.at_seat(seat).user_id].change > 0 for seat in view.outcome.winners)


async def test_a_newcomer_can_play_alone_against_computers(anthology):
    lobby = await anthology.open_table(anthology.alice, "computer_players=2", game="anomia")
    assert "🤖 Bot Ada" in str(lobby.embeds) and "Players (3/6)" in str(lobby.embeds)
    await (await anthology.alice.slash(anthology.channel, "abandon")).response()
    table = await started_anomia(anthology, anthology.alice, options="computer_players=2 computer_pace=quick")
    assert [player.name for player in (await table.match()).players] == ["alice", "Bot Ada", "Bot Bix"]
    await table.play_to_the_end()
    assert (await table.match()).status is MatchStatus.FINISHED


async def test_without_message_content_players_answer_with_a_command(tmp_path, clock):
    async with running_anthology(tmp_path, clock, message_content_allowed=False) as world:
        table = await started_anomia(world, world.alice, world.bob, world.cara)
        assert "use `/answer`" in str(table.board.embeds[0]["fields"])
        view = await table.flip_until_faceoff()
        first, _ = view.faceoff.seats
        player = await table.user_at(first)
        answer = table.fresh_answer(await table.category_of(first))
        reply = await (await player.slash(world.channel, "answer", text=answer)).response()
        assert not reply.ephemeral and answer in reply.content
        await world.run_timers(1)
        assert (await table.view()).winning_pile_sizes[first] == 1
        # The winning answer has no chat message of its own: the bot's reply to /answer is marked instead.
        assert world.fake.get_message(reply.id).reaction_count("✅") == 1
        assert all(record.status != 404 for record in world.fake.call_log)
        spectator = world.users["dan"]
        refused = await (await spectator.slash(world.channel, "answer", text="anything")).response()
        assert refused.ephemeral


async def test_an_answer_by_command_is_marked_when_the_face_off_ends_before_its_reply_returns(tmp_path, clock):
    async with running_anthology(tmp_path, clock, message_content_allowed=False) as world:
        table = await started_anomia(world, world.alice, world.bob, world.cara)
        view = await table.flip_until_faceoff()
        first, _ = view.faceoff.seats
        player = await table.user_at(first)
        answer = table.fresh_answer(await table.category_of(first))
        world.fake.inject("POST", "/interactions/*/callback", status=0, delay=0.3)
        replies_before = world.fake.calls[CALLBACK]
        command = await player.slash(world.channel, "answer", text=answer)
        # The move is committed once the bot sends its reply; the face-off is decided while Discord holds it.
        await world.fake.wait_for(lambda: world.fake.calls[CALLBACK] > replies_before)
        await world.run_timers(1)
        reply = await command.response()
        assert (await table.view()).winning_pile_sizes[first] == 1
        assert world.fake.get_message(reply.id).reaction_count("✅") == 1
        assert all(record.status != 404 for record in world.fake.call_log)


# Seeds whose deal gives the situation a test needs, found by playing the pure rules with the same policy
# (flip left; the first face-off player answers from the list).
WILD_FACEOFF_SEED = 222
CASCADE_SEED = 85


async def test_a_wild_card_makes_its_two_symbols_face_off(anthology):
    anthology.next_seed = WILD_FACEOFF_SEED
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara)
    for _ in range(10):
        view = await table.flip_until_faceoff()
        first, second = view.faceoff.seats
        if view.tops[first].symbol != view.tops[second].symbol:
            break
        await table.answer(first)
        await anthology.run_timers(1)
    else:
        raise AssertionError("no face-off through the wild card")
    wild_symbols = set(view.active_wild[1])
    assert {view.tops[first].symbol, view.tops[second].symbol} == wild_symbols
    assert said_in_channel(anthology, "A wild card!")
    assert "Wild card" in str(table.board.embeds[0]["fields"])
    message = await table.answer(first)
    await anthology.run_timers(1)
    await anthology.fake.wait_for(lambda: message.reaction_count("✅") == 1)


async def test_a_loser_s_next_card_can_start_a_cascade(anthology):
    anthology.next_seed = CASCADE_SEED
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara)
    for _ in range(10):
        view = await table.flip_until_faceoff()
        first, second = view.faceoff.seats
        await table.answer(first)
        await anthology.run_timers(1)
        after = await table.view()
        if after.faceoff is not None:
            break
    else:
        raise AssertionError("no cascade")
    # Ruling M10: the loser's new top card faces off at once, with no flip in between.
    assert second in after.faceoff.seats
    assert after.flipper == view.flipper and after.draw_pile_sizes == view.draw_pile_sizes
    calls = said_in_channel(anthology, "Face-off!")
    assert len(calls) >= 2


async def test_a_stuck_faceoff_is_reminded_and_the_opener_may_skip_it(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    table = await started_anomia(anthology, alice, bob, cara)
    view = await table.flip_until_faceoff()
    assert "Skip face-off" not in table.board.button_labels()
    await anthology.run_timers(61)  # live timing reminds after a minute (ruling M12)
    (reminder,) = said_in_channel(anthology, "still waiting for an answer")
    for seat in view.faceoff.seats:
        assert f"<@{(await table.user_at(seat)).id}>" in reminder.content
    await anthology.settled()
    assert "Skip face-off" in table.board.button_labels()
    await (await alice.click(table.board, "Skip face-off")).response()
    await anthology.settled()
    after = await table.view()
    assert after.faceoff is None or after.faceoff.number > view.faceoff.number
    assert after.last_resolution.reason == "skipped"
    assert sum(after.winning_pile_sizes) == 0


async def test_rest_calls_per_faceoff(anthology):
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara)
    view = await table.flip_until_faceoff()
    first, second = view.faceoff.seats
    mark = anthology.fake.mark()
    await table.answer(first)
    await table.answer(second)
    await anthology.settled()
    calls = anthology.fake.calls_since(mark)
    # Two answers decide it: one ✅ on the winning message, one line announcing the win, and the board edits
    # (merged while one is in flight). README.md quotes this figure.
    assert calls["PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"] == 1
    assert calls["POST /channels/{channel_id}/messages"] == 1
    assert calls[BOARD_EDIT] <= 2
    assert sum(calls.values()) <= 4


async def test_the_settling_window_closes_on_its_own(anthology):
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara)
    view = await table.flip_until_faceoff()
    first, _ = view.faceoff.seats
    message = await table.answer(first)
    # Nobody calls the deadline runner here: the host woke it when it wrote the settle timer, and it sleeps
    # until the timer is due by the bot's clock.
    anthology.clock.advance(seconds=1)
    anthology.bot.deadlines.wake()
    await anthology.fake.wait_for(lambda: message.reaction_count("✅") == 1)


async def test_an_answer_cannot_ping_link_or_overflow_anything_the_bot_repeats(anthology):
    alice, bob, cara, dan = anthology.alice, anthology.bob, anthology.cara, anthology.dan
    table = await started_anomia(anthology, alice, bob, cara)
    view = await table.flip_until_faceoff()
    first, _ = view.faceoff.seats
    hostile = f"<@{dan.id}> [free nitro](https://evil.example/login) **loud** " + "x" * 1900
    await table.answer(first, hostile)  # not in any list, so it goes to a vote that quotes it
    await anthology.run_timers(1)  # the settling window closes
    (vote_call,) = said_in_channel(anthology, "does “")
    (voter_seat,) = {0, 1, 2} - set(view.faceoff.seats)
    assert vote_call.pinged == [(await table.user_at(voter_seat)).id]  # the voter, and only the voter
    bot_messages = [
        message
        for message in anthology.fake.channel_messages(anthology.channel)
        if message.author is anthology.fake.bot_user
    ]
    board = anthology.fake.get_message(table.board.id)
    for text in [message.content for message in bot_messages] + [json.dumps(board.embeds, ensure_ascii=False)]:
        assert f"<@{dan.id}>" not in text
        assert not re.search(r"(?<!\\)\[free nitro\]\(https", text), "a masked link is escaped, so it shows its address"
        assert "**loud**" not in text
    assert all(dan.id not in message.pinged for message in bot_messages)
    assert all(len(message.content) <= 2000 for message in bot_messages)
    assert "free nitro" in vote_call.content  # still readable, just inert


async def test_a_forged_answer_with_an_early_arrival_key_is_refused(anthology):
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara)
    view = await table.flip_until_faceoff()
    first, _ = view.faceoff.seats
    match = await table.match()
    player = await table.user_at(first)
    data = {"custom_id": f"anth:act:{match.id}:{match.version}:answer 1 pizza", "component_type": 2}
    handle = anthology.fake.new_interaction(player, anthology.channel, 3, data, message=table.board)
    await anthology.fake.deliver_interaction(handle)
    reply = await handle.response()
    assert reply.ephemeral and "not offered" in reply.content
    assert (await table.match()).version == match.version


async def test_a_forged_box_carrying_an_answer_cannot_take_the_lead_in_a_race(anthology):
    # Only a typed message (or /answer), ordered by Discord's own id, may answer. A box's submission is not
    # checked against a message's controls, so a forger can name any verb in its custom_id: here "answer", with
    # an arrival key of 1 that would put it ahead of every real message.
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara)
    view = await table.flip_until_faceoff()
    match = await table.match()
    player = await table.user_at(view.faceoff.seats[0])
    private = await (await player.slash(anthology.channel, "status")).response()  # any message only they see
    data = {
        "custom_id": f"anth:typed:{match.id}:{match.version}:answer",
        "components": [{"type": 1, "components": [{"type": 4, "custom_id": "text", "value": "1 pizza"}]}],
    }
    handle = anthology.fake.new_interaction(player, anthology.channel, MODAL_SUBMIT, data, message=private)
    await anthology.fake.deliver_interaction(handle)
    reply = await handle.response()
    assert reply.ephemeral and "can only be typed" in reply.content
    assert (await table.match()).version == match.version


async def test_rest_calls_per_faceoff_under_trust_judging(anthology):
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara, options="judging=trust")
    view = await table.flip_until_faceoff()
    first, second = view.faceoff.seats
    mark = anthology.fake.mark()
    await table.answer(first)
    await table.answer(second)
    await anthology.run_timers(20)  # the loser lets the challenge window close
    calls = anthology.fake.calls_since(mark)
    # The challenge-window notice, then as under lists: the ✅, the winning line, the board edits (merged while
    # one is in flight, and one when the window closes). README.md quotes this figure.
    assert calls["PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"] == 1
    assert calls["POST /channels/{channel_id}/messages"] == 2
    assert calls[BOARD_EDIT] <= 3
    assert sum(calls.values()) <= 6


def bot_lines(anthology: Anthology) -> list[str]:
    return [
        message.content
        for message in anthology.fake.channel_messages(anthology.channel)
        if message.author is anthology.fake.bot_user
    ]


async def test_lines_discord_refused_are_said_later_in_order(anthology):
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara)
    # No Send Messages in the channel (a moderator's override) until the bot was refused: the face-off is called
    # once the override is lifted.
    anthology.channel.deny_bot(Perm.SEND_MESSAGES)

    async def lift_after_a_refusal() -> None:
        await anthology.fake.wait_for(
            lambda: any(call.status == 403 and call.route == CHANNEL_POST for call in anthology.fake.call_log), 10
        )
        anthology.channel.set_permissions(anthology.fake.bot_user)

    lifting = asyncio.create_task(lift_after_a_refusal())
    view = await table.flip_until_faceoff()
    await lifting
    first, second = view.faceoff.seats
    await table.answer(first)
    await table.answer(second)
    lines = bot_lines(anthology)
    calls = [index for index, line in enumerate(lines) if "Face-off!" in line]
    wins = [index for index, line in enumerate(lines) if "wins" in line]
    assert len(calls) == 1 and len(wins) == 1 and calls[0] < wins[0]


async def test_a_line_discord_took_but_whose_answer_was_lost_is_said_once(anthology):
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara)
    view = await table.flip_until_faceoff()
    first, second = view.faceoff.seats
    lost = anthology.fake.inject("POST", f"/channels/{anthology.channel.id}/messages", status=503, after=True)
    await table.answer(first)
    await table.answer(second)
    assert lost.hits == 1
    assert len([line for line in bot_lines(anthology) if "wins" in line]) == 1


async def test_lines_a_stop_kept_from_the_channel_are_said_at_the_next_start_once(anthology):
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara)
    view = await table.flip_until_faceoff()
    first, second = view.faceoff.seats
    anthology.fake.inject("POST", f"/channels/{anthology.channel.id}/messages", status=503, times=10**6)
    for seat in (first, second):
        text = table.fresh_answer(await table.category_of(seat))
        message = await (await table.user_at(seat)).say(anthology.channel, text)
        await anthology.fake.wait_for(lambda message=message: anthology.bot.tables.handled_message(message.id))
    assert (await table.view()).faceoff is None
    await asyncio.sleep(0.2)
    assert not [line for line in bot_lines(anthology) if "wins" in line]
    await anthology.stop()
    anthology.fake.faults.clear()
    await anthology.start()
    await anthology.settled()
    assert len([line for line in bot_lines(anthology) if "wins" in line]) == 1
    await anthology.restart()
    await anthology.settled()
    assert len([line for line in bot_lines(anthology) if "wins" in line]) == 1


async def test_a_4000_character_answer_under_vote_judging_still_gets_its_vote(anthology):
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara, options="judging=vote")
    view = await table.flip_until_faceoff()
    first, _ = view.faceoff.seats
    await table.answer(first, "long " * 800)
    await anthology.run_timers(1)  # the settling window closes
    board = anthology.fake.get_message(table.board.id)
    assert {"Vote yes", "Vote no"} <= set(board.button_labels())
    assert len(board.embeds[0].get("description", "")) <= 4096
    assert all(len(line) <= 2000 for line in bot_lines(anthology))
    assert said_in_channel(anthology, "does “long long")


async def test_a_player_who_left_cannot_answer_their_old_seats_face_off_by_chat_or_command(anthology):
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara)
    view = await table.flip_until_faceoff()
    seat = view.faceoff.seats[0]
    leaver = await table.user_at(seat)
    await anthology.leave_running_game(leaver)
    view, board = await table.view(), table.board.embeds
    assert f"🤖 {leaver.name} left the game: a computer plays their seat for the rest of it." in str(board)

    answer = table.fresh_answer(await table.category_of(seat))
    typed = await table.answer(seat, answer)
    replies = [message for message in said_in_channel(anthology, LEFT_REPLY) if message.message_reference]
    assert [str(message.message_reference["message_id"]) for message in replies] == [str(typed.id)]
    assert typed.reaction_count("✅") == 0
    by_command = await (await leaver.slash(anthology.channel, "answer", text=answer)).response()
    assert by_command.ephemeral and by_command.content == LEFT_REPLY
    await anthology.settled()
    assert await table.view() == view and table.board.embeds == board, "the leaver's answers changed the game"


async def test_the_lobby_names_the_tie_window_in_words(anthology):
    board = await anthology.open_table(anthology.alice, game="anomia")
    labels = board.select_options()
    assert "Tie window (milliseconds): 250" in labels and not [label for label in labels if "(ms)" in label]
    chosen = await (await anthology.alice.select(board, "Tie window (milliseconds): 250")).response()
    assert "Tie window (milliseconds): 250 (now)" in chosen.select_options()
