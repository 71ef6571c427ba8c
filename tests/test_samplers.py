"""The samplers that bots and hints rely on: ``view.determinize`` deals the hidden cards
consistently with everything the view implies, and, in Mod Ten, exactly uniformly over the
deals the view allows (issue 9).

The uniformity tests enumerate every allowed deal of small positions exactly, then draw many
worlds with fixed seeds: the sampled frequencies must match within what chance allows (a
distance of 0.03 from the exact frequencies would fail them, as the old sampler did).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random
from collections import Counter
from pathlib import Path

import pytest

import cardlab
from cardlab.bots.specs import make_agent
from cardlab.engine.cards import Card
from cardlab.engine.core import Game
from cardlab.games.mod_ten import ModTenView, fast
from cardlab.play.records import replay

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


def allowed_deals_of(view: ModTenView) -> fast.AllowedDeals:
    """The sampler's count of the deals ``view`` allows (the seat to move holding the led suit
    mid-trick, as :func:`exact_deals` has it)."""
    others = [seat for seat in range(view.game.players) if seat != view.seat]
    led = view.table[0].suit if view.table and view.current_player != view.seat else None
    return fast.allowed_deals(fast.deal_shape(view, others, view.unseen_cards(), led))


@pytest.mark.parametrize(("players", "deck"), [(3, "single"), (5, "single"), (4, "double")])
def test_mod_ten_deals_counted_are_the_deals_the_view_allows(players, deck):
    for view in small_positions(players, deck, count=3):
        assert allowed_deals_of(view).count == sum(exact_deals(view).values())


@pytest.mark.parametrize(("players", "deck"), [(4, "single"), (5, "single"), (4, "double")])
def test_the_rejection_sampler_and_the_counts_deal_alike_and_exactly_uniformly(
    players, deck, monkeypatch
):
    # FEW_PROPOSALS decides which of the two deals a view: force each in turn.
    for number, view in enumerate(small_positions(players, deck, count=2)):
        exact = exact_deals(view)
        for few_proposals in (math.inf, 0):
            monkeypatch.setattr(fast, "FEW_PROPOSALS", few_proposals)
            sampled = sampled_deals(view, SAMPLES, seed=20 + number)
            assert set(sampled) <= set(exact), "a world the view does not allow"
            assert distance(exact, sampled) < 0.02, (few_proposals, players, number)
            assert chi_square_p(exact, sampled) > 1e-4, (few_proposals, players, number)


def test_the_splits_of_a_suit_are_every_tuple_within_the_bounds_that_adds_up():
    rng = random.Random(4)
    for _ in range(2000):
        lows = [rng.randrange(4) for _ in range(rng.randrange(5))]
        highs = [low + rng.randrange(-1, 6) for low in lows]
        total = rng.randrange(15)
        ranges = [range(low, high + 1) for low, high in zip(lows, highs, strict=True)]
        every = [split for split in itertools.product(*ranges) if sum(split) == total]
        assert fast.compositions(total, lows, highs) == every, (total, lows, highs)


@pytest.mark.parametrize("players", [4, 5, 6])
def test_the_last_two_suits_deals_counted_at_once_are_those_their_splits_give(players):
    game = cardlab.game("mod-ten", players=players)
    rng = random.Random(players)
    for seed in range(6):
        state = game.deal(seed=seed)
        while not state.is_over:
            mover = state.current_player
            deals = allowed_deals_of(state.view((mover + rng.randrange(1, players)) % players))
            first, last = len(deals.cards) - 2, len(deals.cards) - 1
            both = deals.cards[first] + deals.cards[last]
            for _ in range(20):  # needs that add up to the two suits' cards, some not allowed
                cuts = sorted(rng.randint(0, both) for _ in deals.needs[1:])
                needs = tuple(b - a for a, b in zip([0, *cuts], [*cuts, both], strict=True))
                assert deals.last_two(needs) == deals.choices(first, needs).total
            state = state.play(rng.choice(state.legal_moves()))


STRENGTH_39 = Path(__file__).parent / "records" / "strength-39.json"
"""The record of a five-player hand (bench/strength.py's strength-39) whose last view, every
other seat lacking one or two suits, the rejection sampler kept one proposal in about 62,000
of: it gave up after 100,000 and called the view a bug of the engine."""


def test_a_view_that_allows_few_deals_is_dealt_and_the_bots_decide_on_it():
    state = replay(json.loads(STRENGTH_39.read_text()))
    view = state.view(state.current_player)
    deals = allowed_deals_of(view)
    assert deals.count == 126 and deals.proposals_per_deal > 60_000
    rng = random.Random(39)
    for _ in range(300):
        world = view.determinize(rng)
        assert sorted(map(str, world.hand(view.seat))) == sorted(map(str, view.hand))
        for seat in range(5):
            assert len(world.hand(seat)) == view.hand_sizes[seat]
            assert not {card.suit for card in world.hand(seat)} & view.voids[seat]
    for bot in ("mc:20", "pimc:4"):
        assert make_agent(bot, 39)(view) in state.legal_moves()


@dataclasses.dataclass
class MadeUpView:
    """A view the engine cannot give: the sampler's part of one, as :class:`fast.SeenHands`."""

    game: Game
    seat: int
    hand: list[Card]
    hand_sizes: tuple[int, ...]
    current_player: int | None
    table: tuple[Card, ...]
    voids: tuple[frozenset[str], ...]
    unseen: list[Card]

    def unseen_cards(self) -> list[Card]:
        return list(self.unseen)


def test_a_view_that_no_deal_agrees_with_is_called_a_bug_of_the_engine():
    hearts = [Card.parse(text) for text in "2H 3H 4H 5H".split()]
    view = MadeUpView(
        game=cardlab.game("mod-ten", players=3),
        seat=0,
        hand=[],
        hand_sizes=(0, 2, 2),
        current_player=0,
        table=(),
        voids=(frozenset(), frozenset("H"), frozenset()),  # seat 1 lacks hearts, all unseen
        unseen=hearts,
    )
    with pytest.raises(AssertionError, match="no deal agrees with this view"):
        fast.deal_unseen(view, random.Random(1))


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


# --------------------------------------------------------------------------- Two-Ten-Jack, exact
# A world's probability must be proportional to the number of deck orders that give it (issue
# 19): once a seat has shown a void, a hand whose cards could have arrived in more ways is more
# likely. The references below count deck orders without the sampler's own reasoning: the exact
# one counts the ways to give each card of the seat a deal or draw slot inside its window (a
# matching, by brute force over the slots), the importance-weighted one plays the shuffled deck
# forward slot by slot and weights each world by how likely the shuffle was to give it.


def void_windows(view, seat: int, hand) -> list[tuple[int, int]]:
    """For every card ``seat`` has held (its plays, then ``hand``): the first and last moment it
    may have arrived (-1: the deal, t: the draw after trick t), from its plays and voids."""
    from cardlab.games.two_ten_jack import TRICKS, follows_suit

    voids = view.voids[seat]
    held = [(p.trick, p.card) for p in view.plays if p.seat == seat]
    held += [(TRICKS, card) for card in hand]
    windows = []
    for played_in, card in held:
        shown = [t for t, suit in voids if t < played_in and follows_suit(card, suit)]
        windows.append((max(shown, default=-1), played_in - 1))
    return windows


def arrival_slots(view) -> list[int]:
    """The moments a seat's cards arrive: six in the deal, then one per drawing trick played."""
    from cardlab.games.two_ten_jack import DRAWING_TRICKS, HAND_SIZE

    return [-1] * HAND_SIZE + list(range(min(view.tricks_played, DRAWING_TRICKS)))


def count_matchings(windows, slots) -> int:
    """The ways to give each card its own slot inside its window (brute force over subsets)."""
    import functools

    @functools.cache
    def ways(slot: int, used: int) -> int:
        if slot == len(slots):
            return 1
        time = slots[slot]
        return sum(
            ways(slot + 1, used | 1 << card)
            for card, (first, last) in enumerate(windows)
            if not used >> card & 1 and first <= time <= last
        )

    return ways(0, 0)


def shown_suit_cards(view, seat: int, hand) -> int:
    """How many cards of ``hand`` follow a suit ``seat`` was shown to lack: the statistic the
    old sampler got wrong (it gave them too often)."""
    from cardlab.games.two_ten_jack import follows_suit

    return sum(any(follows_suit(card, suit) for _, suit in view.voids[seat]) for card in hand)


def exact_two_ten_jack(view) -> Counter[int]:
    """The exact distribution of :func:`shown_suit_cards` in the other hand, as deck-order
    counts: every hand of the unseen cards, grouped by which cards are alike (same window), each
    weighted by its matchings."""
    seat = 1 - view.seat
    size = view.hand_sizes[seat]
    groups: dict[tuple[int, int], list] = {}
    for card in view.unseen_cards():
        (window,) = void_windows(view, seat, [card])[-1:]
        groups.setdefault(window, []).append(card)
    found: Counter[int] = Counter()
    lists = list(groups.values())
    for split in itertools.product(*[range(len(g) + 1) for g in lists]):
        if sum(split) != size:
            continue
        hand = [card for cards, n in zip(lists, split, strict=True) for card in cards[:n]]
        ways = count_matchings(tuple(void_windows(view, seat, hand)), tuple(arrival_slots(view)))
        hands = math.prod(math.comb(len(cards), n) for cards, n in zip(lists, split, strict=True))
        if ways:
            found[shown_suit_cards(view, seat, hand)] += ways * hands
    return found


def small_two_ten_jack_views(count: int) -> list:
    """Views early in seeded random hands, where the other seat has shown a void: few enough
    arrivals (at most 11) to count every matching."""
    game = cardlab.game("two-ten-jack")
    found = []
    for seed in range(500):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while state.tricks_played <= 5 and not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            if view.voids[1 - seat] and len(exact_two_ten_jack(view)) >= 2:
                found.append(view)
                break
            state = state.play(rng.choice(state.legal_moves()))
        if len(found) == count:
            return found
    raise AssertionError("not enough small positions found")


def sampled_shown(view, samples: int, seed: int, sampler=None) -> Counter[int]:
    """:func:`shown_suit_cards` over ``samples`` worlds from ``sampler`` (determinize)."""
    rng = random.Random(seed)
    seat = 1 - view.seat
    draw = sampler or (lambda view, rng: view.determinize(rng).hand(seat))
    return Counter(shown_suit_cards(view, seat, draw(view, rng)) for _ in range(samples))


def uniform_over_allowed_hands(view, rng):
    """The old sampler, biased: uniform among the hands :meth:`could_hold` allows."""
    seat = 1 - view.seat
    unseen = view.unseen_cards()
    while True:
        rng.shuffle(unseen)
        hand = unseen[: view.hand_sizes[seat]]
        if view.could_hold(seat, hand):
            return hand


REPRODUCER = {
    "format": 1,
    "kind": "hand",
    "game": "two-ten-jack",
    "options": {"players": 2, "target": 31},
    "seed": 7390007,
    "hand_number": 0,
    "dealer": 0,
    "moves": ["QC", "7C", "KD", "5D", "KS", "JH", "6C", "2C", "JC", "8C"],
}
"""Issue 19's position: seat 0 showed it held no spade at trick 2 (JH on a led KS)."""


def test_the_issues_position_gives_the_spades_a_shuffled_deck_gives():
    view = cardlab.replay(REPRODUCER).view(1)
    exact = exact_two_ten_jack(view)
    total = sum(exact.values())
    mean = sum(spades * ways for spades, ways in exact.items()) / total
    assert abs(mean - 0.804) < 0.001  # every card shown to lack is a spade here
    rng = random.Random(19)
    draws = 20_000
    spades = sum(
        sum(card.suit == "S" for card in view.determinize(rng).hand(0)) for _ in range(draws)
    )
    assert abs(spades / draws - mean) < 0.02  # the old sampler: 1.58
    assert distance(exact, sampled_shown(view, draws, seed=3)) < 0.02


def test_two_ten_jack_worlds_match_exact_enumeration_after_a_void():
    for number, view in enumerate(small_two_ten_jack_views(count=4)):
        exact = exact_two_ten_jack(view)
        sampled = sampled_shown(view, SAMPLES, seed=number)
        assert set(sampled) <= set(exact), "a world the view does not allow"
        assert distance(exact, sampled) < 0.02, (number, exact, sampled)


def test_the_exactness_test_would_catch_a_distance_of_five_hundredths():
    view = small_two_ten_jack_views(count=1)[0]
    exact = exact_two_ten_jack(view)
    # A sampler 0.05 off: 5% of the probability moved from the likeliest outcome to another.
    total = sum(exact.values())
    biased = Counter({key: ways / total for key, ways in exact.items()})
    likeliest = max(biased, key=biased.__getitem__)
    other = min(biased, key=biased.__getitem__)
    biased[likeliest] -= 0.05
    biased[other] += 0.05
    assert abs(distance(exact, biased) - 0.05) < 1e-9
    rng = random.Random(5)
    keys = list(biased)
    sampled = Counter(rng.choices(keys, [biased[k] for k in keys], k=SAMPLES))
    assert distance(exact, sampled) > 0.02
    # And the old sampler, uniform over the allowed hands, fails it on the issue's position.
    view = cardlab.replay(REPRODUCER).view(1)
    old = sampled_shown(view, 4000, seed=1, sampler=uniform_over_allowed_hands)
    assert distance(exact_two_ten_jack(view), old) > 0.2


def path_weight(view, seat: int, hand, rng) -> int:
    """An unbiased estimate of the number of ways ``seat``'s cards (its plays, then ``hand``)
    could have arrived (Knuth's estimator): going back from now, each draw is undone by taking
    away a card, chosen at random, that may have arrived then, and the estimate is the product
    of the number of choices; a card that would stay in the hand to before its window opens
    makes it 0. Its mean over the random choices is the exact number of arrival orders."""
    from cardlab.games.two_ten_jack import DRAWING_TRICKS

    plays = [play for play in view.plays if play.seat == seat]
    opens = {
        play.trick: first
        for play, (first, _) in zip(plays, void_windows(view, seat, []), strict=True)
    }
    held = [first for first, _ in void_windows(view, seat, hand)[len(plays) :]]
    weight = 1
    if view.tricks_played in opens:  # the seat led the current trick
        held.append(opens[view.tricks_played])
    for trick in range(view.tricks_played - 1, -1, -1):
        if trick < DRAWING_TRICKS:  # undo the draw after this trick
            if any(first > trick for first in held):
                return 0
            due = [i for i, first in enumerate(held) if first == trick]
            if len(due) > 1:
                return 0
            if due:
                held.pop(due[0])
            else:
                weight *= len(held)
                held.pop(rng.randrange(len(held)))
        held.append(opens[trick])  # undo its play
    return weight if all(first == -1 for first in held) else 0


def test_two_ten_jack_worlds_match_a_weighted_shuffle_on_a_full_size_position():
    # Late in a seeded hand, the other seat has shown voids; the reference draws its hand
    # uniformly (a plain shuffle) and weights it by how many deck orders give it.
    state = cardlab.game("two-ten-jack").deal(seed=13)
    rng = random.Random(13)
    while (
        state.tricks_played < 12
        or not state.view(state.current_player).voids[1 - state.current_player]
    ):
        state = state.play(rng.choice(state.legal_moves()))
    view = state.view(state.current_player)
    seat = 1 - view.seat
    unseen, size = view.unseen_cards(), view.hand_sizes[seat]
    reference: Counter[int] = Counter()
    weights = []
    proposals = random.Random(2)
    for _ in range(SAMPLES):
        hand = proposals.sample(unseen, size)
        weight = path_weight(view, seat, hand, proposals)
        weights.append(weight)
        reference[shown_suit_cards(view, seat, hand)] += weight
    effective = sum(weights) ** 2 / sum(w * w for w in weights)
    assert effective > 3000, "too few effective samples for the reference to mean much"
    sampled = sampled_shown(view, SAMPLES, seed=4)
    assert distance(reference, sampled) < 0.02, (reference, sampled)
    old = sampled_shown(view, 3000, seed=1, sampler=uniform_over_allowed_hands)
    assert distance(reference, old) > 0.05  # the reference tells the old sampler apart


def test_chinese_ten_worlds_put_each_unseen_card_anywhere_alike():
    # Chinese Ten shows nothing about a hand (any card may be played; the stock is turned up
    # at random), so a shuffled deck makes every split of the unseen cards equally likely:
    # each unseen card is in a given hidden hand with probability size / unseen.
    state = cardlab.game("chinese-ten", players=3).deal(seed=4)
    rng = random.Random(4)
    for _ in range(7):
        state = state.play(rng.choice(state.legal_moves()))
    view = state.view(state.current_player)
    unseen = view.unseen_cards()
    draws = random.Random(8)
    for seat in range(3):
        if seat == view.seat:
            continue
        share = view.hand_sizes[seat] / len(unseen)
        found = Counter(card for _ in range(4000) for card in view.determinize(draws).hand(seat))
        assert set(found) <= set(unseen)
        assert max(abs(found[card] / 4000 - share) for card in unseen) < 0.035
