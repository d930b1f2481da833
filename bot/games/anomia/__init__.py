"""Anomia: real-time category face-offs whose answers race in chat.

The modules, each imported by name (this package re-exports nothing):

- `rules`: `AnomiaRules`, the game's declaration and the engine's interface, handing each action on;
- `content`: the category pool, symbols and deck shape read from data/anomia, and lookups by id;
- `judging`: answer normalisation and matching: listed answers, aliases, plurals and predicates;
- `actions`: flips, answers, votes and command words, and their notation;
- `events`: what can happen in a match, and why a match ends;
- `state`: the table options, cards, face-offs, ballots and the whole match state;
- `deck`: building a match's deck and finding a card by its id;
- `flipping`: flips, matching top cards, starting the next face-off, handing on the flip, the end;
- `faceoff`: answering, settling the race, ties, the win, reminders and skipping;
- `ballots`: votes on answers and the challenge window;
- `computers`: computer players' answers, delays and decisions, and every timer of a match;
- `views`: what the table, or one seat, may see.
"""
