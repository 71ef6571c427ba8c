"""Fast random playouts, one module per game, beside the readable engines in cardlab.games.

Simulations and the Monte Carlo agent play hundreds of thousands of random moves; the engines,
written to be read, make new immutable states and events at every move. These modules play the
same rules on plain lists of card numbers and return only how the hand ended
(:class:`~cardlab.core.Outcome`). Each makes exactly the random draws and the moves of
:meth:`cardlab.core.Game.playout` on the engine, and the tests check that move by move.
"""
