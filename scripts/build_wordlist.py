"""Build the dictionary for "Not Another Word" from SCOWL.

This is a developer tool, run ONCE (and again only to rebuild the data); the bot never runs it and needs nothing
from apt at run time. It reads Debian's `scowl` package (SCOWL 2020.12.07; `apt-get install scowl`) and writes:

- ``data/not_another_word/words.txt``: every word of 3 to 5 lowercase letters a-z found in SCOWL's
  ``english-words.N`` and ``american-words.N`` lists for N in 10 ... 80, one ``<word> <size>`` line each, where
  ``<size>`` is the smallest SCOWL size the word appears at (smaller sizes hold more common words);
- ``data/not_another_word/SCOWL-COPYRIGHT``: a verbatim copy of ``/usr/share/doc/scowl/copyright``.

Proper names, upper-case words, abbreviations, contractions and the size-95 lists are never read; words with an
apostrophe, capital or accent are dropped. The output is sorted, so two runs give the same bytes.

Usage: ``python scripts/build_wordlist.py [--scowl-dir DIR] [--out DIR]``
"""

from __future__ import annotations

import argparse
import re
import shutil
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SCOWL_DIR = Path("/usr/share/dict/scowl")
DEFAULT_OUT_DIR = REPO_ROOT / "data" / "not_another_word"
COPYRIGHT_FILE = Path("/usr/share/doc/scowl/copyright")

SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80)
LISTS = ("english-words", "american-words")
WORD = re.compile(r"[a-z]{3,5}")

HEADER = (
    "# Not Another Word dictionary: English words of 3 to 5 letters (a-z only).\n"
    "# Made by scripts/build_wordlist.py from SCOWL 2020.12.07 via Debian's scowl package\n"
    "# (english-words.N and american-words.N, N = 10 to 80).\n"
    "# Format: one '<word> <size>' line per word, sorted by word; <size> is the smallest SCOWL size\n"
    "# the word appears at (smaller = more common).\n"
    "# SCOWL's copyright and licence are in SCOWL-COPYRIGHT beside this file.\n"
)


def collect_words(scowl_dir: Path) -> dict[str, int]:
    """Map each 3-5 letter lowercase word in the chosen SCOWL lists to the smallest size it appears at."""
    sizes: dict[str, int] = {}
    for size in SIZES:
        for name in LISTS:
            path = scowl_dir / f"{name}.{size}"
            for line in path.read_text(encoding="utf-8").splitlines():
                word = line.strip()
                if WORD.fullmatch(word) and size < sizes.get(word, size + 1):
                    sizes[word] = size
    return sizes


def render(sizes: dict[str, int]) -> str:
    """The text of words.txt: the header, then one '<word> <size>' line per word in alphabetical order."""
    return HEADER + "".join(f"{word} {sizes[word]}\n" for word in sorted(sizes))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scowl-dir", type=Path, default=DEFAULT_SCOWL_DIR, help="SCOWL's final lists")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT_DIR, help="directory to write into")
    args = parser.parse_args()

    sizes = collect_words(args.scowl_dir)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "words.txt").write_bytes(render(sizes).encode("utf-8"))
    shutil.copyfile(COPYRIGHT_FILE, args.out / "SCOWL-COPYRIGHT")

    for limit in (60, 70, 80):
        count = sum(1 for size in sizes.values() if size <= limit)
        print(f"size <= {limit}: {count} words")


if __name__ == "__main__":
    main()
