"""Not Another Word through Discord: words typed in chat, with /word and from the My letters panel's box, an
exchange from the panel's menu, every kind of refused word, a computer player, and a restart mid-game."""

from __future__ import annotations

from collections import Counter

from anthology_driver import Anthology, expected_standings, running_anthology
from fakediscord import FakeMessage, ScriptedUser
from support import LEFT_REPLY, stored_log, stored_result

from bot.discord_ui.wording import counted
from bot.games.not_another_word.cards import letters_of
from bot.games.not_another_word.dictionary import COMBINE
from bot.matches import MatchStatus
from bot.matches.host import decode_state

GAME = "not_another_word"


class WordTable:
    """A started table of Not Another Word, read through the bot's own host, played through Discord."""

    def __init__(self, anthology: Anthology, match_id: int) -> None:
        self.anthology = anthology
        self.match_id = match_id
        self.rules = anthology.bot.games[GAME].rules

    @property
    def board(self) -> FakeMessage:
        """The board as it stands: a long game's board is posted afresh further down the channel."""
        return self.anthology.board(self.match_id)

    async def state(self):
        match = (await self.anthology.bot.host.load(self.match_id)).match
        return decode_state(self.rules, match)

    async def to_act(self) -> ScriptedUser | None:
        return await self.anthology.actor(self.match_id)

    async def good_word(self) -> str | None:
        """A word the player to act can make, shedding a card where they can."""
        state = await self.state()
        dictionary = self.rules.dictionaries[state.options.dictionary]
        moves = sorted(dictionary.successors(state.word, letters_of(state.hands[state.turn])), key=lambda m: m[1])
        shedding = [word for move, word in moves if move.kind != COMBINE]
        combining = [word for move, word in moves if move.kind == COMBINE]
        return (shedding or combining or [None])[0]

    async def type_word(self, player: ScriptedUser, word: str) -> FakeMessage:
        """The player types a message in the channel; returns it once the bot has read it and shown the result."""
        message = await player.say(self.anthology.channel, word)
        await self.anthology.fake.wait_for(lambda: self.anthology.bot.tables.handled_message(message.id))
        await self.anthology.settled()
        return message

    def reply_to(self, message: FakeMessage) -> FakeMessage | None:
        replies = [
            sent
            for sent in self.anthology.fake.channel_messages(self.anthology.channel)
            if sent.message_reference and str(sent.message_reference.get("message_id")) == str(message.id)
        ]
        return replies[-1] if replies else None

    def board_field(self, name: str) -> str:
        return next(field["value"] for field in self.board.embeds[0]["fields"] if field["name"] == name)

    async def play_to_the_end(self, limit: int = 400) -> None:
        """Humans type a word they can make (or exchange from the panel); the clock runs for the computers."""
        for _ in range(limit):
            state = await self.state()
            if state.result is not None:
                return
            if state.turn in state.computer_seats:
                await self.anthology.run_timers(5)
                continue
            player = await self.to_act()
            word = await self.good_word()
            if word is not None:
                message = await self.type_word(player, word)
                assert self.reply_to(message) is None, self.reply_to(message).content
            else:
                await self.exchange_from_panel(player, 1)
        raise AssertionError("the game did not end")

    async def exchange_from_panel(self, player: ScriptedUser, count: int) -> FakeMessage:
        panel = await (await player.click(self.board, "My letters")).response()
        labels = panel.select_options()[:count]
        updated = await (await player.select(panel, *labels)).response()
        await self.anthology.settled()
        return updated


async def started_table(anthology: Anthology, *players: ScriptedUser, options: str = "") -> WordTable:
    await anthology.started_game(*players, options=options, game=GAME)
    match = await anthology.match_here()
    return WordTable(anthology, match.id)


async def test_a_whole_game_typed_in_chat_with_slash_word_the_panel_an_exchange_refusals_and_a_restart(anthology):
    alice, bob = anthology.alice, anthology.bob
    table = await started_table(anthology, alice, bob, options="computer_players=1")
    state = await table.state()
    assert state.computer_seats == (2,)
    assert table.board.button_labels() == ["My letters"]
    assert state.word.upper() in table.board.embeds[0]["description"]
    for player in (alice, bob):
        dm = player.dms()[0]
        assert "has started" in dm.content and dm.embeds[0]["title"] == "Your letters"

    # Let the computer move first if it starts, so that a person is to act.
    while (await table.state()).turn in (await table.state()).computer_seats:
        await anthology.run_timers(5)
    player = await table.to_act()
    other = bob if player is alice else alice
    state = await table.state()
    hand = letters_of(state.hands[state.turn])
    word = state.word

    # Chat from someone whose turn it is not is just chat; the board does not move.
    chat = await table.type_word(other, "hello")
    assert table.reply_to(chat) is None and (await table.state()) == state

    refusals = {
        "abcdefg": "3 to 5 letters",
        word: "cannot go on the same letter",
        "q" * len(word): "changes",
    }
    dictionary = table.rules.dictionaries["common"]
    for move, made in dictionary.successors(word):
        if move.kind != COMBINE and move.letter not in hand:
            refusals[made] = f"You do not hold {'an' if move.letter in 'aefhilmnorsx' else 'a'} {move.letter.upper()}"
            break
    for letter in hand:
        typo = letter + word[1:]
        if letter != word[0] and typo not in dictionary and Counter(typo) != Counter(word):
            refusals[typo] = "is not a word in this table's dictionary"
            break
    assert len(refusals) == 5
    for typed, reason in refusals.items():
        message = await table.type_word(player, typed)
        reply = table.reply_to(message)
        assert reply is not None and reason in reply.content, (typed, reply and reply.content)
    assert await table.state() == state, "a refused word changed the game"

    # /word from the player not to act is refused privately; from the player to act it makes the word.
    refused = await (await other.slash(anthology.channel, "word", word="xyz")).response()
    assert refused.ephemeral and "not your turn" in refused.content
    first = await table.good_word()
    made = await (await player.slash(anthology.channel, "word", word=first.upper())).response()
    await anthology.settled()
    assert made.ephemeral and first.upper() in made.content
    assert (await table.state()).word == first
    said = anthology.fake.channel_messages(anthology.channel)[-1]
    assert first.upper() in said.content and word.upper() in said.content
    assert first.upper() in table.board_field("Latest")

    # The next person opens the box on their My letters panel; the bot restarts before they send their word.
    while (await table.state()).turn in (await table.state()).computer_seats:
        await anthology.run_timers(5)
    player = await table.to_act()
    word = await table.good_word()
    assert word is not None, "this deal gives the player a word to make"
    panel = await (await player.click(table.board, "My letters")).response()
    assert panel.ephemeral and "Make a word" in panel.button_labels()
    opened = await player.click(panel, "Make a word")
    await opened.wait_modal()
    await anthology.restart()
    submitted = await player.submit_modal(opened, {"Your word": word})
    updated = await submitted.response()
    await anthology.settled()
    assert word.upper() in updated.content
    assert (await table.state()).word == word

    # An exchange from the panel's menu: the hand keeps its size, the draw pile gives as many.
    while (await table.state()).turn in (await table.state()).computer_seats:
        await anthology.run_timers(5)
    player = await table.to_act()
    before = await table.state()
    updated = await table.exchange_from_panel(player, 2)
    after = await table.state()
    assert "You drew" in updated.content
    assert len(after.hands[before.turn]) == len(before.hands[before.turn])
    assert len(after.draw_pile) == len(before.draw_pile) - 2
    assert "exchanged 2 cards" in table.board_field("Latest")

    await table.play_to_the_end()
    finished = await anthology.bot.host.get(table.match_id)
    assert finished.status is MatchStatus.FINISHED
    result = stored_result(anthology.settings.database_path, table.match_id)
    assert result is not None and result.winners
    final = anthology.said_last()
    assert "🏆" in final.content
    # The board's summary: everyone by the cards they still hold, with their rating change.
    state = await table.state()
    lines, changes = await anthology.final_standings(table.match_id)
    outcome = table.rules.outcome(state)
    assert lines == expected_standings(
        finished, outcome, changes, lambda seat: f"{counted(len(state.hands[seat]), 'card')} left"
    )
    assert all(changes[finished.at_seat(seat).user_id].change > 0 for seat in outcome.winners)
    log = stored_log(anthology.settings.database_path, table.match_id)
    assert any(entry.seat == 2 for entry in log), "the computer player took turns"
    assert all(entry.action.startswith(("word ", "exchange ")) for entry in log)


async def test_a_refused_box_word_is_answered_privately_and_an_old_panel_is_stale(anthology):
    alice, bob = anthology.alice, anthology.bob
    table = await started_table(anthology, alice, bob)
    player = await table.to_act()
    panel = await (await player.click(table.board, "My letters")).response()
    opened = await player.click(panel, "Make a word")
    refused = await (await player.submit_modal(opened, {"Your word": "zzzzzzzz"})).response()
    assert refused.ephemeral and "3 to 5 letters" in refused.content

    word = await table.good_word()
    await table.type_word(player, word)
    stale = await (await player.click(panel, "Make a word")).response()
    assert stale.ephemeral and "out of date" in stale.content


async def test_a_typed_word_costs_a_board_edit_a_line_in_the_channel_and_the_next_players_dm(anthology):
    alice, bob = anthology.alice, anthology.bob
    table = await started_table(anthology, alice, bob)
    player = await table.to_act()
    other = bob if player is alice else alice
    word = await table.good_word()
    mark = anthology.fake.mark()
    await table.type_word(player, word)
    calls = anthology.fake.calls_since(mark)
    # README.md quotes this figure.
    assert calls["PATCH /channels/{channel_id}/messages/{message_id}"] == 1
    assert calls["POST /channels/{channel_id}/messages"] == 2, "the word's line and the DM to the next player"
    assert sum(calls.values()) == 3
    assert "Your turn" in other.dms()[-1].content
    assert word.upper() in other.dms()[-1].embeds[0]["fields"][0]["value"]


async def test_without_message_content_the_board_points_to_slash_word(tmp_path, clock):
    async with running_anthology(tmp_path, clock, message_content_allowed=False) as world:
        table = await started_table(world, world.alice, world.bob)
        assert "use `/word`" in str(table.board.embeds[0]["fields"])
        player = await table.to_act()
        word = await table.good_word()
        made = await (await player.slash(world.channel, "word", word=word)).response()
        await world.settled()
        assert made.ephemeral and (await table.state()).word == word


async def test_a_player_who_left_cannot_make_a_word_by_chat_command_or_an_old_panel(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    table = await started_table(anthology, alice, bob, cara)
    leaver = await table.to_act()
    word = await table.good_word()
    panel = await (await leaver.click(table.board, "My letters")).response()
    dm_panel = leaver.dms()[-1]  # the start's DM, with its own panel
    assert dm_panel.button_labels() == ["Make a word"]
    await anthology.leave_running_game(leaver)
    state, board = await table.state(), table.board.embeds
    assert f"🤖 {leaver.name} left the game: a computer plays their seat for the rest of it." in str(board)
    assert "until they make a move of their own" not in str(board)

    typed = await table.type_word(leaver, word)
    assert table.reply_to(typed).content == LEFT_REPLY
    chat = await table.type_word(leaver, "good game everyone")
    assert table.reply_to(chat) is None, "a leaver's chat is no move, and is not answered"
    by_command = await (await leaver.slash(anthology.channel, "word", word=word)).response()
    assert by_command.ephemeral and by_command.content == LEFT_REPLY
    clicked = await (await leaver.click(panel, "Make a word")).response()
    assert clicked.ephemeral and clicked.content == LEFT_REPLY
    for dm_click in (leaver.click(dm_panel, "Make a word"), leaver.select(dm_panel, dm_panel.select_options()[0])):
        refused = await (await dm_click).response()
        assert refused.ephemeral and refused.content == LEFT_REPLY
    await anthology.settled()
    assert await table.state() == state and table.board.embeds == board, "the leaver's attempts changed the game"

    await anthology.run_timers(5)
    assert (await table.state()).turns == state.turns + 1, "the computer moved in the leaver's seat"
    match = await anthology.match_here()
    assert match.player(leaver.id).left and match.player(leaver.id).computer_plays


async def test_the_deal_and_the_closed_dms_notice_name_the_letters_in_good_grammar(anthology):
    alice, bob = anthology.alice, anthology.bob
    anthology.fake.close_dms(bob)
    await started_table(anthology, alice, bob)
    (dealt,) = alice.dms()
    assert dealt.content.startswith(
        f"**Not Another Word** has started in <#{anthology.channel.id}>. Here are your letters."
    )
    await anthology.settled()
    said = [m.content for m in anthology.fake.channel_messages(anthology.channel) if "direct messages" in m.content]
    assert said == [
        f"<@{bob.id}>, I can't send you direct messages, so press **My letters** on the board whenever you want to "
        "see your letters."
    ]


async def test_slash_word_gives_the_boxs_reason_and_says_when_the_game_is_over(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.open_table(alice, game=GAME, forfeit=True)
    await (await bob.click(board, "Join")).response()
    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    table = WordTable(anthology, (await anthology.match_here()).id)
    player = await table.to_act()
    state = await table.state()
    for typed in ("hum.", "two words"):
        panel = await (await player.click(board, "My letters")).response()
        opened = await player.click(panel, "Make a word")
        boxed = await (await player.submit_modal(opened, {"Your word": typed})).response()
        commanded = await (await player.slash(anthology.channel, "word", word=typed)).response()
        assert commanded.ephemeral and commanded.content == boxed.content
        assert commanded.content == "A word is written with the letters A to Z only."
    assert await table.state() == state, "a refused word changed the game"

    await anthology.leave_running_game(bob if player is alice else alice)
    await anthology.settled()
    for command, option in (("word", "word"), ("answer", "text")):
        late = await (await alice.slash(anthology.channel, command, **{option: "pawn"})).response()
        assert late.ephemeral and late.content == "This game is over."


async def test_a_whole_game_against_a_hard_computer(anthology):
    table = await started_table(anthology, anthology.alice, options="computer_players=1 computer_level=hard")
    assert (await table.state()).options.computer_level == "hard"
    await table.play_to_the_end()
    assert {entry.seat for entry in stored_log(anthology.settings.database_path, table.match_id)} == {0, 1}
    await anthology.settled()
    assert "Game over" in [field["name"] for field in table.board.embeds[0]["fields"]]
