"""Le Roudalon rules: on his turn a player stakes 1-6 units into the collective pot (and gets a die back,
up to two) or throws one or two of his dice, alone or in an alliance with his left neighbours, to make
exactly the pot. Exactly: the pot is collected and the party ends. Otherwise the thrower (in an alliance:
the first to overshoot, or the last if the total stays short) loses the dice he threw.

A match is several parties; each starts with a throw-off (highest 2d6 starts, tied players throw again).
Seats sit clockwise in order 0, 1, 2, ...: the left neighbour of seat p is seat p + 1 (modulo players).

A party is **dead** once its pot has reached the ceiling (12 × players, what all the dice together can
make): nobody can stake any more, so the only throw that could make it is one alliance of the whole table
throwing both dice each, every die showing 6 (at most 1 in 6 ** (2 × players), and impossible for good as
soon as one player holds fewer than two dice, since at the ceiling a die comes back only by passing with
none). With the option ``dead_party`` "void" (the rulings, the default) the party ends void at once, stakes
refunded; with "play_on" (rules 1) it goes on until a hit or the round limit. Below the ceiling a party is
never dead: a stake still gives a die back and some throw can still make the pot.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Literal

from dicehall.core.protocol import BestScoreWins, NodeKind
from dicehall.games.roudalon.actions import (
    ACCEPT,
    CLOSE,
    FACES,
    PASS,
    PROPOSE,
    REFUSE,
    STAKES,
    THROWS,
    Accept,
    Close,
    Face,
    Pass,
    Propose,
    Refuse,
    Stake,
    Throw,
)
from dicehall.games.roudalon.options import ROUND_LIMIT, RoudalonOptions

MAX_HELD = 2
CHANCE_OUTCOMES = tuple((f, Fraction(1, 6)) for f in FACES)
Action = Stake | Throw | Propose | Accept | Refuse | Close | Pass  # a player's (a die outcome is a Face)
Phase = Literal["throwoff", "turn", "answer", "extend", "chain", "roll", "over"]  # the view JSON's "phase"
_KIND: dict[Phase, NodeKind] = {
    "throwoff": NodeKind.CHANCE,
    "turn": NodeKind.DECISION,
    "answer": NodeKind.DECISION,
    "extend": NodeKind.DECISION,
    "chain": NodeKind.DECISION,
    "roll": NodeKind.CHANCE,
    "over": NodeKind.TERMINAL,
}


@dataclass(frozen=True, slots=True)
class Event:
    """What the last finished step of play did, for messages and animations.

    kind: "stake" | "pass" | "throw" (alone) | "alliance" | "refused" (a proposal answered no) |
    "void" (40 rounds without a winner, or ``result`` "dead": the pot reached its ceiling) | "throwoff"
    (the starter is known).
    """

    kind: str
    player: int  # the active player (the starter for "throwoff", the one who refused for "refused")
    amount: int = 0  # stake; pot at stake for throws
    throws: tuple[tuple[int, tuple[int, ...]], ...] = ()  # (seat, faces) in throwing order
    result: str = ""  # throws: "hit" | "over" | "short"; "void": "dead" (at the ceiling) or "" (round limit)
    loser: int | None = None  # who lost dice (throws that miss)
    lost: int = 0
    party: int = 0  # the party it happened in

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "player": self.player,
            "amount": self.amount,
            "throws": [{"seat": s, "dice": list(f)} for s, f in self.throws],
            "result": self.result or None,
            "loser": self.loser,
            "lost": self.lost,
            "party": self.party,
        }


@dataclass(frozen=True, slots=True)
class RoudalonState(BestScoreWins):
    """One position. Build the start with ``initial(options)``; ``apply`` returns a new state."""

    options: RoudalonOptions
    party: int  # 1-based
    standings: tuple[tuple[int, ...], ...]  # nets of the finished parties
    phase: Phase
    active: int  # whose turn (the starter once the throw-off is over)
    starter: int | None  # the party's first player, None during its throw-off
    turns: int  # turns finished in this party
    pot: int
    held: tuple[int, ...]  # dice in hand, 0-2 (the rest is in reserve)
    staked: tuple[int, ...]  # this party
    collected: tuple[int, ...]  # this party
    refused: bool = False  # the active player's proposal was refused this turn
    chain: tuple[int, ...] = ()  # the alliance (active first), or (active,) for a throw alone
    asked: int | None = None  # the seat answering a proposal
    thrower: int = 0  # index in chain of the member throwing
    throws: tuple[tuple[int, tuple[int, ...]], ...] = ()  # this throw (alone or alliance) so far
    pending: int = 0  # dice of the current thrower still in the air
    contenders: tuple[int, ...] = ()  # throw-off: who throws this round
    offs: tuple[int, ...] = ()  # throw-off: faces landed this round, two per contender in order
    off_rounds: tuple[tuple[tuple[int, int, int], ...], ...] = ()  # throw-off rounds done: (seat, a, b)
    last: Event | None = None
    history: tuple[Event, ...] = field(default=())  # the party's notable events (throws, alliances)

    @classmethod
    def initial(cls, options: RoudalonOptions | None = None) -> RoudalonState:
        options = options or RoudalonOptions()
        return _new_party(options, 1, ())

    # --- protocol --------------------------------------------------------------------------------
    @property
    def kind(self) -> NodeKind:
        return _KIND[self.phase]

    @property
    def num_players(self) -> int:
        return self.options.players

    @property
    def to_move(self) -> int | None:
        if self.phase == "turn":
            return self.active
        if self.phase == "answer":
            return self.asked
        if self.phase == "extend":
            return self.chain[-1]
        if self.phase == "chain":
            return self.chain[self.thrower]
        return None

    @property
    def round(self) -> int:
        return self.turns // self.options.players + 1

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.options.players

    @property
    def stake_room(self) -> int:
        """The largest stake allowed now: 6, or less near the pot ceiling."""
        return max(0, min(6, self.options.pot_ceiling - self.pot))

    @property
    def running_total(self) -> int:
        return sum(sum(faces) for _, faces in self.throws)

    @property
    def dead(self) -> bool:
        """The pot is at its ceiling: only a 6 on every die of the table could make it (see the module)."""
        return self.pot >= self.options.pot_ceiling

    def can_propose(self) -> bool:
        """The player to move may propose an alliance to his left neighbour now."""
        if self.phase == "turn":
            if self.turns == 0 or self.refused or self.held[self.active] == 0:
                return False
            return self.held[self.left_of(self.active)] > 0
        if self.phase == "extend":
            return self.extension_candidate() is not None
        return False

    def extension_candidate(self) -> int | None:
        """Who the newest member of the alliance may ask next: his left neighbour, if not already a member
        (the chain never wraps round) and holding a die."""
        candidate = self.left_of(self.chain[-1])
        if candidate in self.chain or self.held[candidate] == 0:
            return None
        return candidate

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase == "turn":
            stakes = STAKES[: self.stake_room]
            held = self.held[self.active]
            if self.turns == 0:
                return stakes  # the party's first turn must be a stake
            if held == 0:
                return stakes or (PASS,)
            return stakes + THROWS[:held] + ((PROPOSE,) if self.can_propose() else ())
        if self.phase == "answer":
            return (ACCEPT, REFUSE)
        if self.phase == "extend":
            return (PROPOSE, CLOSE)
        if self.phase == "chain":
            return THROWS[: self.held[self.chain[self.thrower]]]
        return ()

    def chance_outcomes(self) -> tuple[tuple[Face, Fraction], ...]:
        return CHANCE_OUTCOMES if self.phase in ("throwoff", "roll") else ()

    def apply(self, step: Any) -> RoudalonState:
        """Apply a legal action or outcome (unchecked: the match and the AI check or generate legal ones)."""
        if isinstance(step, Face):
            return self._land_throwoff(step.face) if self.phase == "throwoff" else self._land(step.face)
        if isinstance(step, Stake):
            return self._stake(step.amount)
        if isinstance(step, Pass):
            held = _with(self.held, self.active, min(MAX_HELD, self.held[self.active] + 1))
            return replace(self, held=held)._end_turn(Event("pass", self.active, party=self.party))
        if isinstance(step, Throw):
            chain = self.chain if self.phase == "chain" else (self.active,)
            return replace(
                self, phase="roll", chain=chain, pending=step.dice, throws=self.throws + ((chain[self.thrower], ()),)
            )
        if isinstance(step, Propose):
            chain = self.chain or (self.active,)
            return replace(self, phase="answer", chain=chain, asked=self.left_of(chain[-1]))
        if isinstance(step, Accept):
            assert self.asked is not None  # a proposal is being answered
            chain = self.chain + (self.asked,)
            joined = replace(self, chain=chain, asked=None)
            if joined.extension_candidate() is None:
                return replace(joined, phase="chain", thrower=0)  # nobody to ask: the members throw
            return replace(joined, phase="extend")
        if isinstance(step, Refuse):
            assert self.asked is not None
            event = Event("refused", self.asked, party=self.party)
            if len(self.chain) == 1:  # the first proposal: the active player chooses again, alone
                return replace(self, phase="turn", chain=(), asked=None, refused=True, last=event)
            return replace(self, phase="chain", asked=None, thrower=0, last=event)  # the chain closes as it is
        if isinstance(step, Close):
            return replace(self, phase="chain", thrower=0)
        raise TypeError(f"not a Roudalon action: {step!r}")

    # --- steps -------------------------------------------------------------------------------------
    def _stake(self, amount: int) -> RoudalonState:
        p = self.active
        moved = replace(
            self,
            pot=self.pot + amount,
            staked=_with(self.staked, p, self.staked[p] + amount),
            held=_with(self.held, p, min(MAX_HELD, self.held[p] + 1)),
        )
        return moved._end_turn(Event("stake", p, amount=amount, party=self.party))

    def _land(self, face: int) -> RoudalonState:
        seat, faces = self.throws[-1]
        throws = self.throws[:-1] + ((seat, faces + (face,)),)
        state = replace(self, throws=throws, pending=self.pending - 1)
        return state if state.pending else state._resolve_throw()

    def _resolve_throw(self) -> RoudalonState:
        """The current thrower's dice have all landed: hit, overshoot, short (and more members to come)."""
        seat, faces = self.throws[-1]
        total = self.running_total
        alone = len(self.chain) == 1
        kind = "throw" if alone else "alliance"
        if total == self.pot:
            collected = list(self.collected)
            for member, member_faces in self.throws:
                collected[member] += sum(member_faces)
            event = Event(kind, self.active, amount=self.pot, throws=self.throws, result="hit", party=self.party)
            return replace(self, collected=tuple(collected))._end_party(event)
        if total < self.pot and self.thrower + 1 < len(self.chain):
            return replace(self, phase="chain", thrower=self.thrower + 1)
        lost = len(faces)
        event = Event(
            kind,
            self.active,
            amount=self.pot,
            throws=self.throws,
            result="over" if total > self.pot else "short",
            loser=seat,
            lost=lost,
            party=self.party,
        )
        return replace(self, held=_with(self.held, seat, self.held[seat] - lost))._end_turn(event)

    def _end_turn(self, event: Event) -> RoudalonState:
        turns = self.turns + 1
        history = self.history + ((event,) if event.kind in ("throw", "alliance") else ())
        if self.dead and self.options.dead_party_void:
            return self._void(event, history, "dead")
        if turns >= ROUND_LIMIT * self.options.players:
            return self._void(event, history, "")
        return replace(
            self,
            phase="turn",
            active=self.left_of(self.active),
            turns=turns,
            refused=False,
            chain=(),
            asked=None,
            thrower=0,
            throws=(),
            pending=0,
            last=event,
            history=history,
        )

    def _void(self, event: Event, history: tuple[Event, ...], reason: str) -> RoudalonState:
        """The party ends void after ``event`` (``reason`` "dead": the pot reached its ceiling; "": the round
        limit): the stakes are refunded, the pot is empty and every net is 0."""
        void = Event("void", self.active, amount=self.pot, result=reason, party=self.party)
        zeros = (0,) * self.num_players
        refunded = replace(self, pot=0, staked=zeros, collected=zeros, history=history + (event,))
        return refunded._end_party(void)

    def _end_party(self, event: Event) -> RoudalonState:
        nets = tuple(c - s for c, s in zip(self.collected, self.staked, strict=True))
        standings = self.standings + (nets,)
        if self.party >= self.options.party_count:
            return replace(
                self,
                phase="over",
                standings=standings,
                chain=(),
                asked=None,
                throws=(),
                pending=0,
                last=event,
                history=self.history + (event,),
            )
        return replace(_new_party(self.options, self.party + 1, standings), last=event)

    def _land_throwoff(self, face: int) -> RoudalonState:
        offs = self.offs + (face,)
        if len(offs) < 2 * len(self.contenders):
            return replace(self, offs=offs)
        results = tuple((seat, offs[2 * i], offs[2 * i + 1]) for i, seat in enumerate(self.contenders))
        best = max(a + b for _, a, b in results)
        tied = tuple(seat for seat, a, b in results if a + b == best)
        rounds = self.off_rounds + (results,)
        if len(tied) > 1:
            return replace(self, contenders=tied, offs=(), off_rounds=rounds)
        starter = tied[0]
        return replace(
            self,
            phase="turn",
            active=starter,
            starter=starter,
            contenders=(),
            offs=(),
            off_rounds=rounds,
            last=Event("throwoff", starter, amount=best, party=self.party),
        )

    # --- scores ------------------------------------------------------------------------------------
    def totals(self) -> tuple[int, ...]:
        """Each player's net over the finished parties."""
        return tuple(sum(nets[p] for nets in self.standings) for p in range(self.num_players))

    def scores(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.totals())

    # --- view ----------------------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        n = self.num_players
        outcome = self.outcome()
        return {
            "players": n,
            "party": self.party,
            "parties": self.options.party_count,
            "round": self.round,
            "round_limit": ROUND_LIMIT,
            "turn": self.turns,
            "phase": self.phase,
            "active": self.active if self.phase not in ("throwoff", "over") else None,
            "starter": self.starter,
            "first_turn": self.phase == "turn" and self.turns == 0,
            "pot": self.pot,
            "pot_ceiling": self.options.pot_ceiling,
            "stake_room": self.stake_room,
            "seats": [
                {
                    "held": self.held[p],
                    "reserve": MAX_HELD - self.held[p],
                    "staked": self.staked[p],
                    "collected": self.collected[p],
                    "net": self.collected[p] - self.staked[p],
                }
                for p in range(n)
            ],
            "throwoff": {
                "contenders": list(self.contenders),
                "landed": list(self.offs),
                "rounds": [[{"seat": s, "dice": [a, b]} for s, a, b in rnd] for rnd in self.off_rounds],
            },
            "alliance": {
                "members": list(self.chain),
                "asked": self.asked,
                "refused": self.refused,
                "thrower": self.chain[self.thrower] if self.chain and self.phase in ("chain", "roll") else None,
                "total": self.running_total,
            }
            if len(self.chain) > 1 or self.asked is not None
            else None,
            "throw": {
                "throws": [{"seat": s, "dice": list(f)} for s, f in self.throws],
                "pending": self.pending,
                "total": self.running_total,
            }
            if self.throws
            else None,
            "standings": {
                "parties": [list(nets) for nets in self.standings],
                "totals": list(self.totals()),
            },
            "last": self.last.to_json() if self.last else None,
            "scores": list(self.totals()),
            "over": self.phase == "over",
            "winners": list(outcome.winners) if outcome else [],
        }

    # --- notation ------------------------------------------------------------------------------------
    def __str__(self) -> str:
        """A compact picture for people (test failures, golden playthroughs): the party, the pot, a line
        per seat (``>`` to move, ``*`` the party's starter) and what is under way (a throw-off, a throw,
        an alliance)."""
        n = self.num_players
        head = f"Roudalon {n}p party {self.party}/{self.options.party_count} {self.phase}"
        if self.phase != "over":
            head += f", round {self.round} turn {self.turns}, pot {self.pot}/{self.options.pot_ceiling}"
        lines = [head]
        mover = self.to_move
        for p in range(n):
            mark = ">" if p == mover else " "
            star = "*" if p == self.starter else " "
            lines.append(
                f"{mark}{p}{star} dice {self.held[p]}  staked {self.staked[p]}  collected "
                f"{self.collected[p]}  total {self.totals()[p]}"
            )
        if self.phase == "throwoff" or (self.off_rounds and self.turns == 0 and self.phase != "over"):
            rounds = " | ".join(" ".join(f"{s}:{a}+{b}" for s, a, b in rnd) for rnd in self.off_rounds)
            lines.append(
                f"throw-off {rounds or '-'}"
                + (
                    f"; now {' '.join(str(s) for s in self.contenders)}, landed {' '.join(map(str, self.offs)) or '-'}"
                    if self.phase == "throwoff"
                    else ""
                )
            )
        if len(self.chain) > 1 or self.asked is not None:
            lines.append(
                f"alliance {'-'.join(map(str, self.chain))}"
                + (f", asking {self.asked}" if self.asked is not None else "")
            )
        if self.throws:
            thrown = " ".join(f"{s}:{'+'.join(map(str, f)) or '?'}" for s, f in self.throws)
            air = f", {self.pending} in the air" if self.pending else ""
            lines.append(f"throw {thrown} = {self.running_total}{air}")
        if self.standings:
            lines.append("parties " + " | ".join(" ".join(f"{v:+d}" for v in nets) for nets in self.standings))
        return "\n".join(lines)


def _new_party(options: RoudalonOptions, party: int, standings: tuple[tuple[int, ...], ...]) -> RoudalonState:
    n = options.players
    zeros = (0,) * n
    return RoudalonState(
        options, party, standings, "throwoff", 0, None, 0, 0, (1,) * n, zeros, zeros, contenders=tuple(range(n))
    )


def _with(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1 :]


def initial(options: RoudalonOptions | None = None) -> RoudalonState:
    return RoudalonState.initial(options)


def num_players(options: RoudalonOptions) -> int:
    return options.players
