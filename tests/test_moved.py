"""The older module paths and names keep working (cardlab.moved): every module of the flat
layout still imports, each of its names is the same object as in its new home and says where
that is with a DeprecationWarning that points at the caller, and nothing else is caught."""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings

import pytest

import cardlab
from cardlab.moved import MOVED_MODULES, RENAMED, SHORT_NAMES, SPLIT_MODULES

FLAT_LAYOUT = (
    "cardlab cardlab.__main__ cardlab.agents cardlab.cards cardlab.cardsets cardlab.charts "
    "cardlab.classroom cardlab.cli cardlab.core cardlab.counting cardlab.deals cardlab.exercises "
    "cardlab.exercises.bots cardlab.exercises.chinese_ten cardlab.exercises.exact "
    "cardlab.exercises.feedback cardlab.exercises.game_trees cardlab.exercises.information "
    "cardlab.exercises.mod_ten cardlab.exercises.play cardlab.exercises.start_here "
    "cardlab.exercises.statistics cardlab.exercises.two_ten_jack cardlab.fields cardlab.games "
    "cardlab.games.chinese_ten cardlab.games.mod_ten cardlab.games.two_ten_jack cardlab.hands "
    "cardlab.heuristics cardlab.heuristics.chinese_ten cardlab.heuristics.mod_ten "
    "cardlab.heuristics.two_ten_jack cardlab.ismcts cardlab.match cardlab.notation "
    "cardlab.previews cardlab.records cardlab.render cardlab.runs cardlab.simulation "
    "cardlab.solver cardlab.stats cardlab.strength cardlab.tables cardlab.tournament "
    "cardlab.turnlog cardlab.widgets cardlab.widgets.app cardlab.widgets.background "
    "cardlab.widgets.bots cardlab.widgets.boxes cardlab.widgets.controls "
    "cardlab.widgets.drawing cardlab.widgets.explorer cardlab.widgets.explorer_names "
    "cardlab.widgets.hint cardlab.widgets.hinting cardlab.widgets.replays cardlab.widgets.screen "
    "cardlab.widgets.seeds cardlab.widgets.sliders cardlab.widgets.solution "
    "cardlab.widgets.solving cardlab.widgets.table cardlab.widgets.thinking "
    "cardlab.widgets.timeline cardlab.widgets.variant_charts cardlab.widgets.variant_lab "
    "cardlab.widgets.variants cardlab.words cardlab.workers"
).split()
"""Every module of the package before it was sorted into subpackages by layer."""

KEPT_PATH_EXPORTS = {
    "cardlab.simulation": (
        "CHUNK MAX_GAMES MAX_MATCH_HANDS MAX_PART_GAMES AgentError Blocks SimulationError "
        "checked_run chunk_size columns_of_games game_seed long_form play_games play_hand "
        "play_match play_run simulate simulate_to_parquet"
    ),
    "cardlab.widgets.explorer": "EVERY Bot Explorer SeedError describe_choice random_bot",
    "cardlab.widgets.variant_lab": "VariantLab letter option_control progress_words",
    "cardlab.games.chinese_ten": (
        "ALL_CARDS Arrived CAPTURED_BY CARD_FACTS ChineseTen ChineseTenPosition "
        "ChineseTenState ChineseTenView Chose DECK Ended Fact LAYOUT_SIZE NOTHING_SHOWN "
        "ONE_CARD OTHER_RANKS OWN_RANK Orders SCORING_CHOICES STOCK_SIZE Scheme TARGET_MOVES "
        "TRIPLE_RANKS TRIPLE_RANK_INDICES WANTED arrive breakdown breakdown_text capture_rank "
        "capture_targets card_points cards_of choice_moves choose choosers_on choosing_moves "
        "describe end_hand has_choice lay_out layout_rules orders_after par pile_points "
        "plain_moves points_table random_playout scheme scheme_total target_move targets_on "
        "triple_rank"
    ),
    "cardlab.games.mod_ten": (
        "CARD_FACTS Collected DECK_CHOICES Fact ModTen ModTenPosition ModTenSearch "
        "ModTenState ModTenView Played SINGLE_RANKS SearchNode Skipped TwoSeatSearch WentOut "
        "collect collects deck_for describe goes_out hand_sets moves_of next_to_follow "
        "next_turn playable random_playout resolve_deck seats_between skip take_card value "
        "with_hand"
    ),
    "cardlab.games.two_ten_jack": (
        "ACE_OF_SPADES ACE_OF_SPADES_BIT AS_SPADE AS_TRUMP Chooser DECK DECK_SET DECLARATIONS "
        "DRAWING_TRICKS Drew Ended Fact HAND_SIZE HEARTS LEAD_SUITS LED_SUIT_CARDS Led POINTS "
        "POINTS_BY_BIT Play SCORING_CARDS SCORING_SETS STOCK_SIZE STRENGTH SearchNode TRICKS "
        "TRICK_RANKS TRUMP TRUMP_CARDS TwoTenJack TwoTenJackPosition TwoTenJackSearch "
        "TwoTenJackState TwoTenJackView Won beats breakdown_text can_follow card_points "
        "cards_of_led_suit cards_to_follow describe draw draw_two follow_children "
        "following_cards following_moves follows_suit hand_weights is_trump lead "
        "lead_children lead_count lead_node leading_moves led_note led_suit_of led_words "
        "play_nodes_out points_range random_playout release score_breakdown settle "
        "settle_node shown_void sort_hand stock_cards stock_code stock_set stock_size "
        "strength strength_table suit_letter suit_moves trick_points trick_rank trumps_in "
        "winning_card"
    ),
}
"""The public names of the modules that became packages of the same path."""


SPLIT_PRIVATE_NAMES = {
    f"cardlab.games.{game}": names
    for game, names in {
        "chinese_ten": (
            "_CHOICES _CardsOf _ChoicesOf _POINTS _SCHEMES _TAKEN _arrival_event _check_scheme "
            "_display_order _ended _facts _layout_rows _scheme_points _suit_points _wanted_text"
        ),
        "mod_ten": ("_FOLLOWS _Follows _SEATS_AFTER _check_against_deck _deal_unseen _deck"),
        "two_ten_jack": (
            "_ACE_OF_SPADES_INDEX _DISPLAY_ORDER _FOLLOWING_KEPT _FOLLOWING_MOVES _FollowingMoves "
            "_RANK _SHUFFLE_ORDER _SUIT_INDEX _follow_reason _layout_rows _make_ups "
            "_plain_strength _points_range _steps_back _ways_before _weighted_deal"
        ),
    }.items()
}
"""The private names of the game modules that became packages (cardlab.moved.SPLIT_MODULES)."""


def public_names(module: object) -> list[str]:
    names = getattr(module, "__all__", None) or dir(module)
    return [name for name in names if not name.startswith("_")]


@pytest.mark.parametrize("path", FLAT_LAYOUT)
def test_every_module_of_the_flat_layout_still_imports(path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        module = importlib.import_module(path)
    assert module.__name__ == SHORT_NAMES.get(path, path)


@pytest.mark.parametrize("old", sorted(MOVED_MODULES))
def test_an_old_path_gives_every_name_of_its_new_modules_with_a_warning(old):
    module = importlib.import_module(old)
    seen: set[str] = set()
    for new in MOVED_MODULES[old]:  # a name is found in the first module that has it
        home = importlib.import_module(new)
        for name in public_names(home):
            if (
                name in seen
                or f"{old}.{name}" in RENAMED
                or isinstance(getattr(home, name), type(sys))
            ):
                continue
            seen.add(name)
            with pytest.warns(DeprecationWarning, match=rf"^{old}\.{name} is now {new}\.{name}$"):
                assert getattr(module, name) is getattr(home, name)


@pytest.mark.parametrize(("old", "new"), sorted(RENAMED.items()))
def test_a_renamed_name_is_found_under_its_old_name_with_a_warning(old, new):
    old_module, old_name = old.rsplit(".", 1)
    new_module, new_name = new.rsplit(".", 1)
    with pytest.warns(DeprecationWarning, match=rf"^{old} is now {new}$"):
        found = getattr(importlib.import_module(old_module), old_name)
    assert found is getattr(importlib.import_module(new_module), new_name)


@pytest.mark.parametrize(("path", "names"), sorted(KEPT_PATH_EXPORTS.items()))
def test_a_module_that_became_a_package_still_gives_its_names(path, names):
    package = importlib.import_module(path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the same path: no warning
        for name in names.split():
            assert getattr(package, name) is not None


@pytest.mark.parametrize(("path", "names"), sorted(SPLIT_PRIVATE_NAMES.items()))
def test_a_game_module_that_became_a_package_still_gives_its_private_names_with_a_warning(
    path, names
):
    assert sorted(SPLIT_PRIVATE_NAMES) == sorted(SPLIT_MODULES)
    package = importlib.import_module(path)
    for name in names.split():
        with pytest.warns(DeprecationWarning, match=rf"^{path}\.{name} is now {path}\.\w+\.\w+$"):
            assert getattr(package, name) is not None


def test_the_warning_points_at_the_code_that_used_the_old_path():
    with pytest.warns(DeprecationWarning) as caught:
        from cardlab.core import State  # noqa: F401
    assert caught[0].filename == __file__


def test_an_old_path_refuses_a_name_it_never_had():
    old_core = importlib.import_module("cardlab.core")
    with pytest.raises(AttributeError, match="module 'cardlab.core' has no attribute 'nothing'"):
        old_core.nothing  # noqa: B018


def test_names_that_were_never_modules_are_not_caught():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("cardlab.no_such_module")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("cardlab.heuristics.no_such_game")


def test_an_old_package_path_imports_its_old_modules():
    old = importlib.import_module("cardlab.heuristics.mod_ten")
    new = importlib.import_module("cardlab.bots.heuristics.mod_ten")
    with pytest.warns(DeprecationWarning, match="is now cardlab.bots.heuristics.mod_ten"):
        assert old.greedy is new.greedy


@pytest.mark.parametrize(("short_name", "module"), sorted(SHORT_NAMES.items()))
def test_a_short_name_imports_its_module_itself_without_a_warning(short_name, module):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert importlib.import_module(short_name) is importlib.import_module(module)
        assert getattr(cardlab, short_name.split(".")[1]) is importlib.import_module(module)
    assert importlib.import_module(module).__spec__.name == module  # its own spec, kept


def test_short_names_of_the_package_are_modules_without_a_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert cardlab.stats.__name__ == "cardlab.simulation.stats"
        assert cardlab.charts.__name__ == "cardlab.display.charts"
        assert cardlab.simulation.stats is cardlab.stats
        assert cardlab.agents.RandomAgent is cardlab.bots.RandomAgent


def test_import_cardlab_loads_no_layer_above_the_games():
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, cardlab; print(sorted(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for heavy in ("cardlab.bots", "cardlab.simulation", "cardlab.widgets", "pandas", "numpy"):
        assert f"'{heavy}'" not in loaded


def test_the_old_path_hook_costs_import_cardlab_no_file_tools():
    # importlib.abc (whose classes the hook once subclassed) imports importlib.resources, and
    # with it tempfile, shutil, pathlib, bz2 and lzma: a fifth more work for every import cardlab
    code = (
        "import sys, cardlab; print(sorted({'importlib.resources', 'tempfile'} & set(sys.modules)))"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"
