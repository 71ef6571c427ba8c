"""The words of cardlab's messages: lists joined with "or" and "and", plurals, articles and
quoted inputs cut short, as the refusals and the narration write them."""

import pytest

from cardlab.engine.words import and_list, clipped, or_list, plural, shortened, with_article


@pytest.mark.parametrize(
    ("items", "with_or", "with_and"),
    [
        ([], "", ""),
        (["3H"], "3H", "3H"),
        (["3H", "7C"], "3H or 7C", "3H and 7C"),
        (["3H", "7C", "7S"], "3H, 7C or 7S", "3H, 7C and 7S"),
    ],
)
def test_lists_are_joined_by_commas_and_a_last_or_and(items, with_or, with_and):
    assert or_list(items) == with_or
    assert and_list(items) == with_and
    assert or_list(iter(items)) == with_or and and_list(card for card in items) == with_and


@pytest.mark.parametrize(
    ("word", "plural_word", "article"),
    [("six", "sixes", "a six"), ("king", "kings", "a king"), ("eight", "eights", "an eight")],
)
def test_rank_names_in_plural_and_with_their_article(word, plural_word, article):
    assert plural(word) == plural_word and with_article(word) == article


def test_a_huge_input_is_quoted_cut_short():
    assert clipped("x" * 1000, 8) == "xxxxxxxx... (1,000 characters)"
    assert shortened("x" * 1000).startswith("'xxx") and len(shortened("x" * 1000)) < 100
    assert shortened("9C") == "'9C'"


def test_a_value_whose_repr_fails_is_still_named():
    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    assert shortened(Broken()) == "<Broken>"
