"""Read-only game content (categories, symbols, word lists) loaded from the repository's data/ folder.

File I/O for content lives here and nowhere in bot/games: the rules receive loaded, frozen values.
"""
