"""The recorded playthroughs in tests/playthroughs/ (see tests/playthrough.py) are what the
engine plays today: a change of behaviour shows as a diff here, to review and, if it is meant,
to record again with `make playthroughs`."""

from __future__ import annotations

import difflib

import pytest
from playthrough import FOLDER, OPTION_SETS, file_name, playthrough


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=[file_name(*s) for s in OPTION_SETS])
def test_the_recorded_playthrough_is_played_again_word_for_word(name, options):
    path = FOLDER / file_name(name, options)
    assert path.exists(), f"{path.name} is missing: run `make playthroughs`"
    recorded, played = path.read_text(), playthrough(name, options)
    if played != recorded:
        diff = "".join(
            difflib.unified_diff(
                recorded.splitlines(keepends=True),
                played.splitlines(keepends=True),
                f"recorded {path.name}",
                "played now",
                n=2,
            )
        )
        pytest.fail(
            f"the engine no longer plays {path.name} as recorded: if the change is meant, "
            f"run `make playthroughs` and commit the files\n{diff[:4000]}"
        )
