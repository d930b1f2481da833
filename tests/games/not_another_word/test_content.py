"""Not Another Word's shipped content (data/not_another_word, ruling N1): words.txt read line by line, its sizes
and counts per dictionary level, the blocklist within it, SCOWL's licence beside it, and the rules built from it."""

from __future__ import annotations

import re
from pathlib import Path

from bot.games.not_another_word.content import DICTIONARY_SIZES, parse_content

from .positions import RULES

DATA = Path(__file__).resolve().parents[3] / "data" / "not_another_word"
SCOWL_SIZES = {10, 20, 35, 40, 50, 55, 60, 70, 80}
WORDS_PER_LEVEL = {"common": 8_292, "large": 10_379, "expert": 17_152}


def entries(name: str) -> list[str]:
    """The file's lines that are not notes."""
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


WORDS = [tuple(line.split(" ")) for line in entries("words.txt")]


def test_every_line_is_a_lowercase_word_of_3_to_5_letters_and_a_scowl_size():
    for entry in WORDS:
        assert len(entry) == 2, entry
        word, size = entry
        assert re.fullmatch(r"[a-z]{3,5}", word), word
        assert int(size) in SCOWL_SIZES, entry


def test_the_words_are_sorted_and_listed_once():
    words = [word for word, _ in WORDS]
    assert words == sorted(words)
    assert len(words) == len(set(words))


def test_each_dictionary_level_has_its_documented_word_count():
    for level, largest in DICTIONARY_SIZES.items():
        assert sum(int(size) <= largest for _, size in WORDS) == WORDS_PER_LEVEL[level]
        assert len(RULES.dictionaries[level]) == WORDS_PER_LEVEL[level]
    assert DICTIONARY_SIZES == {"common": 60, "large": 70, "expert": 80}


def test_the_blocklist_is_sorted_lowercase_words_of_the_word_list():
    blocked = entries("blocklist.txt")
    assert blocked == sorted(set(blocked))
    assert set(blocked) <= {word for word, _ in WORDS}
    assert RULES.content.blocklist == frozenset(blocked)


def test_scowls_licence_travels_with_the_word_list():
    licence = (DATA / "SCOWL-COPYRIGHT").read_text(encoding="utf-8")
    assert "Kevin Atkinson" in licence and "Copyright" in licence


def test_the_rules_are_built_from_the_shipped_files():
    files = {name: (DATA / name).read_text(encoding="utf-8") for name in ("words.txt", "blocklist.txt")}
    parsed = parse_content(files)
    assert parsed.sizes == {word: int(size) for word, size in WORDS}
    assert RULES.content == parsed


def test_a_malformed_word_list_is_refused_with_its_line_number():
    for text, problem in [("cat 10\nCats 20", "line 2"), ("ca 10", "3 to 5 letters"), ("cat ten", "no SCOWL size")]:
        try:
            parse_content({"words.txt": text, "blocklist.txt": ""})
        except ValueError as error:
            assert problem in str(error)
        else:
            raise AssertionError(f"{text!r} was read")
