"""Replays through Discord: /replay and the Replay button (on a finished board and on /record) show a finished
game's board after any move, stepped with ◀ ▶, jumped with ⏮ ⏭ and the menu, after a restart too, privately
with a button to post it; Anachronism's with the arena picture of that moment; never a card in a hand; a running
game has none yet. And Anachronism's result line carries an animated picture of the whole game."""

from __future__ import annotations

import io

import pytest
from anthology_driver import Anthology
from fakediscord import ScriptedUser
from PIL import Image

from bot.discord_ui.announcements import GAME_GIF
from bot.discord_ui.board_messages import PICTURE_NAME
from bot.discord_ui.limits import UPLOAD
from bot.matches import MatchStatus
from bot.matches.replays import seating_of
from bot.matches.seat_taking import game_options

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def text_of(message) -> str:
    embed = message.embeds[0]
    parts = [embed.get("title", ""), embed.get("description", ""), embed.get("author", {}).get("name", "")]
    parts += [f"{field['name']}\n{field['value']}" for field in embed.get("fields", [])]
    return "\n".join(parts)


def move_of(message) -> tuple[int, int]:
    """The move a replay shows and the game's number of moves, from its heading ("…: move 3 of 40")."""
    shown, _, moves = message.embeds[0]["author"]["name"].rpartition("move ")[2].partition(" of ")
    return int(shown), int(moves)


async def played_out_by_computers(anthology: Anthology, player: ScriptedUser, game: str, options: str):
    """A game opened by `player` with computer players, who leaves it at once: computers play it to the end."""
    board = await anthology.started_game(player, options=options, game=game)
    match = await anthology.match_here()
    await anthology.leave_running_game(player)
    for _ in range(2000):
        if (await anthology.bot.host.get(match.id)).status is MatchStatus.FINISHED:
            return board, match.id
        await anthology.run_timers(5)
    raise AssertionError(f"{game} did not end")


async def test_an_anarchy_replay_steps_jumps_survives_a_restart_and_never_shows_a_hand(anthology):
    alice, bob = anthology.alice, anthology.bob
    board, match_id = await played_out_by_computers(anthology, alice, "anarchy", "computer_players=2")
    match = await anthology.bot.host.get(match_id)
    store, rules = anthology.bot.host.store, anthology.bot.host.games["anarchy"]
    states = [rules.setup(seating_of(match, match.players), game_options(match.options), match.seed)]
    for entry in await store.action_log(match.id):  # every position, with its hands, to look for them in the replay
        states.append(rules.apply(states[-1], entry.seat, rules.parse_action(entry.action))[0])

    replay = await (await bob.click(board, "Replay")).response()
    assert replay.ephemeral and move_of(replay) == (0, len(states) - 1)
    assert f"Replay of Anarchy #{match.id}: move 0 of" in text_of(replay)
    assert replay.button("⏮").get("disabled") and replay.button("◀").get("disabled")
    shown = [text_of(replay)]
    for move in range(1, 8):
        replay = await (await bob.click(replay, "▶")).response()
        assert move_of(replay)[0] == move and f"Move {move}" in text_of(replay)
        shown.append(text_of(replay))
    for move, text in enumerate(shown):
        in_hands = {card.label for hand in states[move].hands for card in hand}
        assert not [card for card in in_hands if card in text], f"a card in a hand shows at move {move}"
        assert "You drew" not in text

    await anthology.restart()  # the replay's buttons keep working
    back = await (await bob.click(replay, "◀")).response()
    assert back.id == replay.id and move_of(back)[0] == 6 and text_of(back) == shown[6]
    end = await (await bob.click(back, "⏭")).response()
    assert move_of(end) == (len(states) - 1, len(states) - 1) and "Game over" in text_of(end)
    assert end.button("▶").get("disabled") and end.button("⏭").get("disabled")
    start = await (await bob.click(end, "⏮")).response()
    assert text_of(start) == shown[0]
    options = start.select_menu(None)["options"]
    assert options[0]["label"] == "The deal (move 0)" and options[-1]["label"].startswith("The end (move ")
    assert 2 < len(options) <= 25
    jumped = await (await bob.select(start, options[2]["label"])).response()
    assert move_of(jumped)[0] == int(options[2]["value"])

    posted = await (await bob.click(jumped, "Post in the channel")).response()
    assert not posted.ephemeral and posted.channel_id == anthology.channel.id
    assert text_of(posted) == text_of(jumped) and "Post in the channel" not in posted.button_labels()
    onward = await (await alice.click(posted, "▶")).response()
    assert onward.id == posted.id and move_of(onward)[0] == move_of(jumped)[0] + 1

    record = await (await alice.slash(anthology.channel, "record")).response()
    from_record = await (await alice.click(record, "Replay")).response()
    assert from_record.ephemeral and move_of(from_record)[0] == 0
    by_command = await (await alice.slash(anthology.channel, "replay", table=match.id)).response()
    assert by_command.ephemeral and text_of(by_command) == shown[0]


async def test_an_anachronism_replay_shows_the_arena_picture_of_each_moment(anthology):
    alice = anthology.alice
    _, match_id = await played_out_by_computers(anthology, alice, "anachronism", "computer_players=1")

    replay = await (await alice.slash(anthology.channel, "replay")).response()
    assert replay.ephemeral and move_of(replay)[0] == 0
    assert not replay.attachments, "no picture while the forces are chosen"
    options = replay.select_menu(None)["options"]
    rounds = [option for option in options if option["label"].startswith("Round ")]
    assert rounds and rounds[0]["label"].startswith("Round 1 (move ")
    in_round = await (await alice.select(replay, rounds[0]["label"])).response()
    pictures = []
    for _ in range(3):
        assert [attachment["filename"] for attachment in in_round.attachments] == [PICTURE_NAME]
        assert in_round.embeds[0]["image"]["url"] == f"attachment://{PICTURE_NAME}"
        assert in_round.files[PICTURE_NAME].startswith(PNG_SIGNATURE)
        pictures.append(in_round.files[PICTURE_NAME])
        in_round = await (await alice.click(in_round, "▶")).response()
    assert len(set(pictures)) > 1, "each move's picture is drawn from its own position"

    await anthology.restart()
    back = await (await alice.click(in_round, "◀")).response()
    assert back.files[PICTURE_NAME] == pictures[-1]
    end = await (await alice.click(back, "⏭")).response()
    snapshot = await anthology.bot.host.load(match_id)
    renderer = anthology.bot.games["anachronism"].renderer
    assert end.files[PICTURE_NAME] == renderer.board_picture(snapshot.match, snapshot.public_view)

    # The result line carries the whole game, moment by moment, ending on the arena as it was left.
    result = anthology.fake.channel_messages(anthology.channel)[-1]
    over = {field["name"]: field["value"] for field in anthology.board(match_id).embeds[0]["fields"]}["Game over"]
    assert result.content == over and [each["filename"] for each in result.attachments] == [GAME_GIF]
    animation = result.files[GAME_GIF]
    assert len(animation) <= UPLOAD
    with Image.open(io.BytesIO(animation)) as frames:
        assert frames.format == "GIF" and frames.n_frames > 10
        frames.seek(frames.n_frames - 1)
        last = frames.convert("RGB")
    with Image.open(io.BytesIO(end.files[PICTURE_NAME])) as final:
        assert last.tobytes() == final.convert("RGB").tobytes()


async def test_a_running_game_has_no_replay_yet_and_an_abandoned_one_none(anthology):
    alice, bob = anthology.alice, anthology.bob
    await anthology.started_game(alice, bob)
    match = await anthology.match_here()
    refused = await (await bob.slash(anthology.channel, "replay")).response()
    assert refused.ephemeral and refused.content == "This game is still being played: its replay opens when it ends."
    await (await alice.slash(anthology.channel, "abandon")).response()
    await anthology.settled()
    abandoned = await (await bob.slash(anthology.channel, "replay")).response()
    assert abandoned.ephemeral and abandoned.content == (
        f"The game at table #{match.id} was abandoned, so it has no replay; /record table:{match.id} shows its moves."
    )
    elsewhere = anthology.guild.create_text_channel("quiet")
    nothing = await (await alice.slash(elsewhere, "replay")).response()
    assert nothing.content == "No game was played here. Name one with /replay table: (the numbers are in /history)."


@pytest.mark.parametrize(
    ("game", "options"),
    [("anomia", "computer_players=2 judging=lists"), ("not_another_word", "computer_players=1"),
     ("anokera", "computer_players=2")],
)  # fmt: skip
async def test_every_other_games_replay_steps_both_ways_after_a_restart_and_tells_no_seat_its_secrets(
    anthology, game, options
):
    alice, bob = anthology.alice, anthology.bob
    _, match_id = await played_out_by_computers(anthology, alice, game, options)
    replay = await (await bob.click(anthology.board(match_id), "Replay")).response()  # the board as posted last
    assert replay.ephemeral and move_of(replay)[0] == 0 and f"#{match_id}: move 0 of" in text_of(replay)
    shown = [text_of(replay)]
    for move in range(1, 4):
        replay = await (await bob.click(replay, "▶")).response()
        assert move_of(replay)[0] == move
        shown.append(text_of(replay))
    assert all("\nYou " not in text and not text.startswith("You ") for text in shown), "a seat's own lines"
    await anthology.restart()
    back = await (await bob.click(replay, "◀")).response()
    assert move_of(back)[0] == 2 and text_of(back) == shown[2]
    end = await (await bob.click(back, "⏭")).response()
    assert move_of(end)[0] == move_of(end)[1] and "Game over" in text_of(end)
    start = await (await bob.click(end, "⏮")).response()
    assert text_of(start) == shown[0]
