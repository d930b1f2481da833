"""/rules by topic: every page of every game's help fits Discord, nothing of the help files is left out, and the
files' hard line breaks do not reach Discord."""

from __future__ import annotations

import re

import discord
import pytest
from support import GAMES

from bot.discord_ui import limits
from bot.discord_ui.rules_help import RulesHelp, pages_of, reflowed_blocks

HELP = RulesHelp(GAMES)
HEADING = re.compile(r"^#{1,6} ")
LIST_MARKER = re.compile(r"^\s*(?:[-*]|\d+\.) ")


def every_page(game: str):
    for topic in HELP.topics[game]:
        for page in range(len(topic.pages)):
            yield topic, page, HELP.message(game, topic, page)


def words(text: str) -> str:
    return " ".join(" ".join(LIST_MARKER.sub("", line) for line in text.splitlines()).split())


def sentences(markdown: str) -> list[str]:
    """Every sentence of a help file's text (its headings are topic titles, checked apart)."""
    text = words("\n".join(line for line in markdown.splitlines() if not HEADING.match(line)))
    return [sentence for sentence in re.split(r"(?<=[.!?])\s+", text) if sentence]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_page_of_every_topic_fits_in_one_message_discord_accepts(game: str):
    for topic, page, message in every_page(game):
        embed: discord.Embed = message["embed"]
        assert len(embed.title) <= limits.EMBED_TITLE and len(embed.description) <= limits.EMBED_DESCRIPTION
        assert len(embed.footer.text or "") <= limits.EMBED_FOOTER and len(embed) <= limits.EMBED_TOTAL
        (select, *buttons) = message["view"].children
        assert 0 < len(select.options) <= limits.SELECT_OPTIONS
        assert all(len(option.label) <= limits.OPTION_LABEL for option in select.options)
        assert len({option.value for option in select.options}) == len(select.options)
        assert [option.value for option in select.options if option.default] == [topic.key]
        ids = [control.custom_id for control in message["view"].children]
        assert all(len(custom_id) <= 100 for custom_id in ids) and len(set(ids)) == len(ids)
        assert len(buttons) == (2 if len(topic.pages) > 1 else 0), f"{topic.title} page {page}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_sentence_of_the_games_help_and_of_the_shared_help_is_on_some_page(game: str):
    pages = [words(message["embed"].description) for _, _, message in every_page(game)]
    for sentence in sentences(GAMES[game].rules_help) + sentences(GAMES[game].seats_help):
        assert any(sentence in page for page in pages), f"{game}: {sentence!r} is on no page"
    titles = [topic.title for topic in HELP.topics[game]]
    for line in (GAMES[game].rules_help + "\n" + GAMES[game].seats_help).splitlines():
        if line.startswith("## ") and line[3:] != "Overview":
            assert line[3:] in titles
    assert titles[0] == "Overview" and titles[-1] == "Seats and results"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_line_on_a_page_breaks_off_inside_a_paragraph_or_a_list_item(game: str):
    for topic, _, message in every_page(game):
        for line in message["embed"].description.splitlines():
            assert not line or re.search(r"[.:;!?)]\**$", line), f"{game}, {topic.title}: {line!r}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_opens_with_a_short_overview_of_a_turn_and_of_playing_here(game: str):
    (overview,) = HELP.topics[game][0].pages
    assert "A turn, in three lines:" in overview and "Playing here:" in overview
    assert len(overview) <= 1500


def test_paragraphs_and_list_items_are_joined_into_lines_of_their_own():
    markdown = (
        "A paragraph that goes\non over two lines.\n- An item that goes\n  on, indented.\n- A second item.\n"
        "A new paragraph after the list.\n\n1. A numbered\n   item."
    )
    assert reflowed_blocks(markdown) == [
        "A paragraph that goes on over two lines.",
        "- An item that goes on, indented.",
        "- A second item.",
        "A new paragraph after the list.",
        "1. A numbered item.",
    ]


def test_a_long_topic_is_cut_into_pages_between_blocks_and_failing_that_between_sentences():
    blocks = ["First paragraph, short.", "- An item.", "Second one. " * 10 + "The end."]
    pages = pages_of(blocks, limit=60)
    assert all(len(page) <= 60 for page in pages)
    assert pages[0] == "First paragraph, short.\n- An item."
    assert words(" ".join(pages[1:])) == words(blocks[2])
    assert all(page.endswith(".") for page in pages)


def test_topics_are_found_by_key_or_title_and_suggested_by_what_is_typed():
    assert HELP.topic("anachronism", "Reading the Picture").key == "reading-the-picture"
    assert HELP.topic("anachronism", "").title == "Overview"
    assert HELP.topic("anachronism", "dragons") is None
    assert [choice.name for choice in HELP.suggestions("anachronism", "PICT")] == ["Reading the picture"]
    assert HELP.suggestions("no such game", "") == []
