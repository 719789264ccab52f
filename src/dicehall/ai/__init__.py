"""Generic computer players over the engine protocol, time-sliced so the page never freezes."""

from dicehall.ai.agent import Agent, SearchAgent, decide
from dicehall.ai.agents import ExpectimaxAgent, GreedyAgent, RandomAgent

__all__ = ["Agent", "ExpectimaxAgent", "GreedyAgent", "RandomAgent", "SearchAgent", "decide"]
