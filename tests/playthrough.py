"""Recorded playthroughs: one seeded hand per option set, every move and every event in words,
kept in ``tests/playthroughs/`` and compared by ``tests/test_playthroughs.py``, so that any change
of behaviour (a deal, a legal-move order, a rule, a sentence of the narration) shows as a diff.

After a change that is meant to alter them, write them again and review the diff:

    make playthroughs          # or: .venv/bin/python tests/playthrough.py

It uses only the public API, so the same files can be made from another checkout, to show that
a refactor changed nothing: ``PYTHONPATH=/path/to/old python tests/playthrough.py --check``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FOLDER = HERE / "playthroughs"

OPTION_SETS: list[tuple[str, dict[str, object]]] = [
    ("mod-ten", {"players": 2}),
    ("mod-ten", {"players": 2, "open_hands": True}),
    ("mod-ten", {"players": 3}),
    ("mod-ten", {"players": 4}),
    ("mod-ten", {"players": 5, "deck": "single"}),
    ("mod-ten", {"players": 6}),
    ("mod-ten", {"players": 2, "deck": "double"}),
    ("chinese-ten", {"players": 2}),
    ("chinese-ten", {"players": 3}),
    ("chinese-ten", {"players": 4, "scoring": "black-frog"}),
    ("chinese-ten", {"players": 4, "scoring": "pagat"}),
    ("two-ten-jack", {}),
]
"""Every game, with option sets that change its rules (players, decks, open hands, scoring).
The protocol suite (tests/test_protocol.py) runs over the same table."""

SEED = 2026
"""The seed of every recorded hand (and of the random moves played in it)."""


def file_name(name: str, options: dict[str, object]) -> str:
    """The playthrough file of a game and option set, e.g. ``mod-ten_players-3.txt``."""
    parts = [name] + [f"{key}-{value}" for key, value in sorted(options.items())]
    return "_".join(parts).replace(" ", "") + ".txt"


def playthrough(name: str, options: dict[str, object], seed: int = SEED) -> str:
    """The hand dealt from ``seed`` and played with random moves drawn from ``seed``, in words:
    the deal, then each move with its seat and legal moves, and what it caused. A private event
    shows its text and, after "others see:", what the other seats are told."""
    import cardlab

    game = cardlab.game(name, **options)
    state = game.deal(seed=seed)
    rng = random.Random(seed)
    lines = [
        f"# {game.title}, options {json.dumps(game.options, sort_keys=True)}, seed {seed}",
        f"# dealer {state.dealer}; hands: "
        + " | ".join(str(state.hand(seat)) for seat in range(game.players)),
    ]
    lines += [f"  {event.text}" for event in state.last_events]
    while not state.is_over:
        legal = state.legal_moves()
        move = rng.choice(legal)
        lines.append(
            f"{state.move_number + 1}. seat {state.current_player} plays {move}  "
            f"[legal: {' '.join(map(str, legal))}]"
        )
        state = state.play(move)
        for event in state.last_events:
            shown = f"  {event.text}"
            if event.private:
                shown += f"  (others see: {event.public_text})"
            lines.append(shown)
    lines.append(f"# scores {list(state.scores)}, winner {state.winner}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write every playthrough file (or, with ``--check``, say which differ); 0 when all match."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    FOLDER.mkdir(exist_ok=True)
    differ = []
    for name, options in OPTION_SETS:
        path = FOLDER / file_name(name, options)
        text = playthrough(name, options)
        if args.check:
            if not path.exists() or path.read_text() != text:
                differ.append(path.name)
        else:
            path.write_text(text)
    if args.check:
        print("differ: " + ", ".join(differ) if differ else f"all {len(OPTION_SETS)} match")
    else:
        print(f"wrote {len(OPTION_SETS)} playthroughs to {FOLDER}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
