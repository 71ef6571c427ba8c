"""The HTML pictures of cards and states: named in words for screen readers, the seat to move
marked by more than a colour, colours on the page's background taken from the theme."""

from __future__ import annotations

import re

import cardlab
from cardlab.display.render import back_html, card_html, cards_html, pile_html, rows_html


def test_a_card_is_an_image_named_in_words():
    picture = card_html(cardlab.Card.parse("3C"))
    assert 'role="img"' in picture
    assert 'aria-label="three of clubs"' in picture
    assert ">3♣</span>" in picture  # what the eye sees is unchanged


def test_a_card_back_is_an_image_named_a_hidden_card():
    picture = back_html()
    assert 'role="img"' in picture and 'aria-label="a hidden card"' in picture


def test_every_card_of_a_hand_and_every_back_is_named():
    picture = cards_html(cardlab.parse_cards("TH AS"), face_down=2)
    labels = re.findall(r'aria-label="([^"]+)"', picture)
    assert labels == ["ten of hearts", "ace of spades", "a hidden card", "a hidden card"]
    assert 'aria-label="no cards"' in cards_html([])


def test_the_seat_to_move_is_marked_by_an_arrow_and_aria_current_not_only_a_background():
    state = cardlab.game("mod-ten", players=3).deal(seed=7)  # seat 2 to move
    picture = rows_html(state.layout())
    rows = re.findall(r"<tr[^>]*>.*?</tr>", picture)
    current = [row for row in rows if 'aria-current="true"' in row]
    assert len(current) == 1
    assert "<th" in current[0] and "▶\ufe0e Seat 2" in current[0]
    assert not any("▶" in row for row in rows if row not in current)


def test_colours_on_the_page_come_from_the_theme_with_light_fallbacks():
    state = cardlab.game("chinese-ten").deal(seed=10)
    picture = state._repr_html_()
    # Secondary text and the current row take JupyterLab's variables; the only fixed colours
    # are those of a card's own white face, its border and its back.
    assert "var(--jp-content-font-color1, #222)" in picture
    assert "var(--jp-layout-color2, #eeeeee)" in picture
    assert "var(--jp-content-font-color0, #000)" in picture
    assert "#fff6d5" not in picture and "color:#555" not in picture


def test_a_compact_table_draws_each_hidden_pile_as_one_back_with_its_count():
    state = cardlab.game("chinese-ten").deal(seed=10)
    rows = state.view(0).layout()
    compact = rows_html(rows, compact=True)
    full = rows_html(rows)
    hidden = sum(row.face_down for row in rows)
    assert full.count("cardlab-back") == hidden > 20  # one back per hidden card
    piles = [row.face_down for row in rows if row.face_down]
    assert compact.count("cardlab-back") == len(piles)  # one back per pile
    for count in piles:  # a screen reader hears the count; the eye sees it
        assert f'role="img" aria-label="{count} hidden cards"' in compact
        assert f"&times;{count}</b>" in compact
    assert 'aria-label="a hidden card"' in pile_html(1)
    assert cards_html([], 0, compact=True) == cards_html([], 0)  # a dash
