"""The bots: players that choose a move from what their seat may see (random, greedy, Monte
Carlo, perfect-information Monte Carlo, ISMCTS), the Monte Carlo estimates behind them, the
language of agent names (``"mc:200"``, ``"random,greedy"``), each game's greedy heuristic and
the measured strength table with its words.

It imports the engine, the games and the solver; never the simulation or the widgets. The package's
names load on first use (``from cardlab.bots import make_agent``)."""

from __future__ import annotations

from cardlab.lazy import lazy_names

__getattr__ = lazy_names(
    __name__,
    {
        # cardlab.bots.agents
        "GreedyAgent": "cardlab.bots.agents",
        "ISMCTSAgent": "cardlab.bots.agents",
        "InstantAgent": "cardlab.bots.agents",
        "MonteCarloAgent": "cardlab.bots.agents",
        "PerfectInformationAgent": "cardlab.bots.agents",
        "RandomAgent": "cardlab.bots.agents",
        "decision_in_steps": "cardlab.bots.agents",
        # cardlab.bots.checks
        "AgentError": "cardlab.bots.checks",
        "agent_failed": "cardlab.bots.checks",
        "checked_move": "cardlab.bots.checks",
        "move_refused": "cardlab.bots.checks",
        "AgentOptionError": "cardlab.bots.checks",
        "AgentSpecError": "cardlab.bots.checks",
        "MAX_BUDGET": "cardlab.bots.checks",
        "MAX_ITERATIONS": "cardlab.bots.checks",
        "MAX_PLAYOUTS": "cardlab.bots.checks",
        "MAX_SECONDS": "cardlab.bots.checks",
        "MAX_WORLDS": "cardlab.bots.checks",
        "DecisionSteps": "cardlab.bots.checks",
        "PIMC_STEP_POSITIONS": "cardlab.bots.checks",
        "checked_count": "cardlab.bots.checks",
        "checked_estimate": "cardlab.bots.checks",
        "checked_rng": "cardlab.bots.checks",
        "checked_rollout": "cardlab.bots.checks",
        "checked_seconds": "cardlab.bots.checks",
        "checked_state": "cardlab.bots.checks",
        "checked_view": "cardlab.bots.checks",
        "deadline_after": "cardlab.bots.checks",
        "to_the_end": "cardlab.bots.checks",
        # cardlab.bots.descriptions
        "NOT_MEASURED": "cardlab.bots.descriptions",
        "what_it_does": "cardlab.bots.descriptions",
        "AGENT_DESCRIPTIONS": "cardlab.bots.descriptions",
        "agent_strength": "cardlab.bots.descriptions",
        "describe_agent": "cardlab.bots.descriptions",
        # cardlab.bots.estimates
        "Estimate": "cardlab.bots.estimates",
        "Sums": "cardlab.bots.estimates",
        "greedy_playout": "cardlab.bots.estimates",
        "move_estimates": "cardlab.bots.estimates",
        "move_values": "cardlab.bots.estimates",
        "playout_rounds": "cardlab.bots.estimates",
        "playout_value": "cardlab.bots.estimates",
        "result_after": "cardlab.bots.estimates",
        "running_estimates": "cardlab.bots.estimates",
        "values_in_steps": "cardlab.bots.estimates",
        # cardlab.bots.ismcts
        "ROLLOUTS": "cardlab.bots.ismcts",
        # cardlab.bots.specs
        "agent_plays": "cardlab.bots.specs",
        "AGENTS": "cardlab.bots.specs",
        "AGENT_OPTIONS": "cardlab.bots.specs",
        "AgentsSpec": "cardlab.bots.specs",
        "MAX_SEATS": "cardlab.bots.specs",
        "SETTING_LIMITS": "cardlab.bots.specs",
        "TIME_BUDGETS": "cardlab.bots.specs",
        "agent_name": "cardlab.bots.specs",
        "agent_settings": "cardlab.bots.specs",
        "checked_spec": "cardlab.bots.specs",
        "make_agent": "cardlab.bots.specs",
        "parse_agents": "cardlab.bots.specs",
        "play_out": "cardlab.bots.specs",
        "seated_agents": "cardlab.bots.specs",
        # cardlab.engine.core
        "Agent": "cardlab.engine.core",
        "AgentSpec": "cardlab.engine.core",
    },
)
