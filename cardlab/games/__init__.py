"""The games, one module each: the rules only (see docs/rules.md).

- :mod:`cardlab.games.mod_ten`: Mod Ten (section 1)
- :mod:`cardlab.games.chinese_ten`: Chinese Ten and Black Frog scoring (section 2)
- :mod:`cardlab.games.two_ten_jack`: Two-Ten-Jack (section 3)
"""
