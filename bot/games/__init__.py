"""The games: one package each, pure rules over the engine's interface.

Nothing here reads a file or builds a game on import: bot/catalogue.py names every game with all of its parts,
and the composition root builds them once from their content.
"""
