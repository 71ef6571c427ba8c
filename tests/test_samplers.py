"""The samplers that bots and hints rely on: ``view.determinize`` deals the hidden cards
consistently with everything the view implies, and, in Mod Ten, exactly uniformly over the
deals the view allows (issue 9).

The uniformity tests enumerate every allowed deal of small positions exactly, then draw many
worlds with fixed seeds: the sampled frequencies must match within what chance allows (a
distance of 0.03 from the exact frequencies would fail them, as the old sampler did).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

import cardlab
from cardlab.games.mod_ten import ModTenView

SAMPLES = 12_000

REST = (
    "9C TC JC QC KC AC 7D 8D 9D TD JD QD KD AD 2H 3H 4H 5H 6H 7H "
    "8H 9H TH JH QH KH AH 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2C"
)
"""The stock of the Two-Ten-Jack set positions: the 40 cards neither hand holds."""


def exact_deals(view: ModTenView) -> Counter[tuple[str, ...]]:
    """Every deal of the unseen cards that the view allows, with how many ways (the unseen cards
    taken as distinct physical cards, as a shuffle deals them) give it: hands as text, one per
    other seat."""
    others = [seat for seat in range(view.game.players) if seat != view.seat]
    unseen = view.unseen_cards()
    led = view.table[0].suit if view.table and view.current_player != view.seat else None
    deals: Counter[tuple[str, ...]] = Counter()

    def place(seats: list[int], left: list[int], chosen: dict[int, list[int]]) -> None:
        if not seats:
            hands = {seat: [unseen[i] for i in positions] for seat, positions in chosen.items()}
            if any(card.suit in view.voids[seat] for seat in hands for card in hands[seat]):
                return
            mover = view.current_player
            if led is not None and not any(card.suit == led for card in hands[mover]):
                return
            key = tuple(" ".join(sorted(str(c) for c in hands[seat])) for seat in others)
            deals[key] += 1
            return
        seat, rest = seats[0], seats[1:]
        for positions in itertools.combinations(left, view.hand_sizes[seat]):
            remaining = [i for i in left if i not in positions]
            place(rest, remaining, {**chosen, seat: list(positions)})

    place(others, list(range(len(unseen))), {})
    return deals


def sampled_deals(view: ModTenView, samples: int, seed: int) -> Counter[tuple[str, ...]]:
    """What ``view.determinize`` deals, ``samples`` times, in the same form."""
    others = [seat for seat in range(view.game.players) if seat != view.seat]
    rng = random.Random(seed)
    found: Counter[tuple[str, ...]] = Counter()
    for _ in range(samples):
        world = view.determinize(rng)
        found[tuple(" ".join(sorted(str(c) for c in world.hand(seat))) for seat in others)] += 1
    return found


def small_positions(players: int, deck: str, count: int) -> list[ModTenView]:
    """Views of seat 0 late in seeded hands, where a few unseen cards meet known voids (and,
    for some, a seat to move that must hold the led suit): small enough to count every deal."""
    game = cardlab.game("mod-ten", players=players, deck=deck)
    found = []
    for seed in range(2000):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and len(found) < count:
            view = state.view(0)
            unseen = len(view.unseen_cards())
            constrained = any(view.voids[seat] for seat in range(1, players))
            if 4 <= unseen <= 8 and constrained:
                deals = exact_deals(view)
                if 3 <= len(deals) <= 12:  # few enough for a distance of 0.03 to show
                    found.append(view)
                    break
            state = state.play(rng.choice(state.legal_moves()))
        if len(found) == count:
            return found
    raise AssertionError("not enough small positions found")


def distance(exact: Counter, sampled: Counter) -> float:
    """The total variation distance between two distributions given as counts."""
    total_exact, total_sampled = sum(exact.values()), sum(sampled.values())
    keys = set(exact) | set(sampled)
    return sum(abs(exact[k] / total_exact - sampled[k] / total_sampled) for k in keys) / 2


def chi_square_p(exact: Counter, sampled: Counter) -> float:
    """The p-value of Pearson's chi-square test of the sampled counts against the exact
    frequencies (the Wilson-Hilferty approximation of the chi-square tail)."""
    total_exact, total_sampled = sum(exact.values()), sum(sampled.values())
    statistic = 0.0
    for key, ways in exact.items():
        expected = total_sampled * ways / total_exact
        statistic += (sampled[key] - expected) ** 2 / expected
    freedom = len(exact) - 1
    if set(sampled) - set(exact):
        return 0.0  # a deal the view does not allow
    cube = (statistic / freedom) ** (1 / 3)
    z = (cube - (1 - 2 / (9 * freedom))) / math.sqrt(2 / (9 * freedom))
    return 0.5 * math.erfc(z / math.sqrt(2))


@pytest.mark.parametrize(("players", "deck"), [(3, "single"), (4, "single"), (5, "single")])
def test_mod_ten_worlds_are_exactly_uniform_over_the_deals_a_view_allows(players, deck):
    for number, view in enumerate(small_positions(players, deck, count=3)):
        exact = exact_deals(view)
        sampled = sampled_deals(view, SAMPLES, seed=number)
        assert set(sampled) <= set(exact), "a world the view does not allow"
        assert distance(exact, sampled) < 0.02, (players, number, len(exact))
        assert chi_square_p(exact, sampled) > 1e-4, (players, number, len(exact))


def test_mod_ten_worlds_are_uniform_with_the_two_copies_of_a_double_deck():
    for number, view in enumerate(small_positions(4, "double", count=2)):
        exact = exact_deals(view)
        sampled = sampled_deals(view, SAMPLES, seed=10 + number)
        assert distance(exact, sampled) < 0.02 and chi_square_p(exact, sampled) > 1e-4


def test_the_uniformity_test_would_catch_a_distance_of_three_hundredths():
    view = small_positions(3, "single", count=1)[0]
    exact = exact_deals(view)
    # A sampler 0.03 off: move 3% of the probability from one deal to another.
    biased = Counter({key: ways * 1000 for key, ways in exact.items()})
    total = sum(biased.values())
    first, second = sorted(biased)[:2]
    biased[first] -= round(0.03 * total)
    biased[second] += round(0.03 * total)
    assert abs(distance(exact, biased) - 0.03) < 1e-9
    sampled = Counter()
    rng = random.Random(5)
    keys, weights = list(biased), list(biased.values())
    for key in rng.choices(keys, weights, k=SAMPLES):
        sampled[key] += 1
    assert distance(exact, sampled) > 0.02 or chi_square_p(exact, sampled) < 1e-4


@pytest.mark.parametrize("players", [3, 4, 6])
def test_every_mod_ten_world_agrees_with_the_views_voids_and_the_led_suit(players):
    game = cardlab.game("mod-ten", players=players)
    for seed in range(40):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in range(players):
                view = state.view(seat)
                world = view.determinize(rng)
                for other in range(players):
                    held = {card.suit for card in world.hand(other)}
                    assert not held & view.voids[other]
                mover = state.current_player
                if state.table and mover != seat:
                    assert any(c.suit == state.table[0].suit for c in world.hand(mover))
            state = state.play(rng.choice(state.legal_moves()))


def two_ten_jack_views(hands: int = 60):
    """Views of both seats at every move of seeded random hands of Two-Ten-Jack, with the
    state they come from."""
    game = cardlab.game("two-ten-jack")
    for seed in range(hands):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in (0, 1):
                yield state, state.view(seat)
            state = state.play(rng.choice(state.legal_moves()))


def test_two_ten_jack_views_know_the_suits_a_seat_was_shown_to_lack():
    state = (
        cardlab.game("two-ten-jack")
        .deal(dealer=0, hands=["3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 2S"], stock=REST)
        .play_all("2D 3C")  # seat 1 leads diamonds; seat 0 holds none and no trump
    )
    view = state.view(1)
    assert view.voids[0] == ((0, "D"), (0, "H")) and view.voids[1] == ()
    assert [(play.trick, play.seat, str(play.card), play.led) for play in view.plays] == [
        (0, 1, "2D", None),
        (0, 0, "3C", "D"),
    ]


def test_the_real_hand_is_always_one_the_view_allows():
    for state, view in two_ten_jack_views(40):
        other = 1 - view.seat
        assert view.could_hold(other, state.hand(other))


def test_every_two_ten_jack_world_agrees_with_the_history():
    rng = random.Random(7)
    for state, view in two_ten_jack_views(40):
        other = 1 - view.seat
        world = view.determinize(rng)
        assert view.could_hold(other, world.hand(other))
        assert sorted(map(str, world.hand(other) + world.stock)) == sorted(
            map(str, state.hand(other) + state.stock)
        )


def test_a_hand_holding_a_suit_it_could_not_have_drawn_since_is_refused():
    state = (
        cardlab.game("two-ten-jack")
        .deal(dealer=0, hands=["3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 2S"], stock=REST)
        .play_all("2D 3C")
    )
    view = state.view(1)  # seat 0 lost the trick and has drawn one card since
    hand = list(state.hand(0))
    diamonds = [card for card in view.unseen_cards() if card.suit == "D"]
    assert view.could_hold(0, hand)
    swapped = [card for card in hand if card.suit != "D"][:4] + diamonds[:2]
    assert not view.could_hold(0, swapped), "two diamonds, but only one card drawn since"


def test_a_world_without_history_deals_again_and_allows_any_hand():
    # A world dealt by determinize has no history: its views know no plays and no voids, so
    # they may deal it again, and every hand of the right size is one they allow.
    rng = random.Random(3)
    for _state, view in two_ten_jack_views(40):
        world = view.determinize(rng)
        for seat in (0, 1):
            again = world.view(seat)
            assert again.plays == () and again.voids == ((), ())
            other = 1 - seat
            assert again.could_hold(other, again.unseen_cards()[: again.hand_sizes[other]])
            assert again.determinize(rng).hand(seat) == world.hand(seat)
