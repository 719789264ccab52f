"""Paradice rules: roll two dice, move the pawn along one's own route (choosing at crossings), pay the
owners of the dice events the gains of this roll, then the cell acts (buy the event, ladder, relance,
tirelire, jackpot). A player who cannot pay sells events back; one who still cannot is eliminated.
The last player standing wins (or, with our round limit, the richest one when it is reached).

Seats play in order 0, 1, ... (Myrtille, Framboise, Orange, Fraise, Citron, Kiwi). Money moves are
written in a per-round ledger, with the jackpot as the party after the players; it drives every
statistic.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Literal

from dicehall.core.protocol import NodeKind, Outcome, ranking_of
from dicehall.games.paradice.actions import BUY, DECLINE, GO, ROLLS, Buy, Decline, Dice, Go, Sell
from dicehall.games.paradice.board import (
    BIS,
    COPY_CELLS,
    COPY_OF,
    EVENT,
    EVENTS,
    GAINS,
    JACKPOT,
    JUMP,
    KIND,
    LADDER,
    SIZE,
    RELANCE,
    ROUTES,
    START_CELL,
    STARTING_BALANCE,
    TIRELIRE,
    cell,
    neighbour,
    price,
    xy,
)
from dicehall.games.paradice.options import RULE_DECLINED, RULE_LIQUIDATED, RULE_SOLD, ParadiceOptions

NOBODY, POT = -1, -2  # owners of an event copy besides the seats: nobody, the jackpot
CHANCE_OUTCOMES = tuple((roll, Fraction(1, 36)) for roll in ROLLS)
Action = Go | Buy | Decline | Sell  # what a player decides (the dice outcome is a Dice)
Phase = Literal["roll", "direction", "buy", "sell", "over"]  # the view JSON's "phase", as it is
_KIND: dict[Phase, NodeKind] = {
    "roll": NodeKind.CHANCE,
    "direction": NodeKind.DECISION,
    "buy": NodeKind.DECISION,
    "sell": NodeKind.DECISION,
    "over": NodeKind.TERMINAL,
}


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened during the current turn, for the message zone and the animations.

    kind: "roll" (dice a, b; ``relance`` when rolled again) | "bis" (moves again by ``amount``) |
    "pay" (``payments`` per creditor, ``tirelire`` when all went to the jackpot) | "buy" | "free" (the
    second copy) | "decline" (``to_jackpot``) | "ladder" (``cell`` → ``to``) | "relance" |
    "jackpot" (``amount`` won, 0 if empty) | "sell" (``to_jackpot``) | "eliminated" (``rank``,
    ``amount`` = liquidation proceeds) | "over".
    """

    kind: str
    player: int
    cell: int = -1
    amount: int = 0
    dice: tuple[int, int] = (0, 0)
    payments: tuple[tuple[int, int], ...] = ()  # (creditor seat or POT, amount)
    to: int = -1
    to_jackpot: bool = False
    tirelire: bool = False
    rank: int = 0
    again: bool = False  # a roll after a relance

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "player": self.player}
        if self.cell >= 0:
            out["cell"] = list(xy(self.cell))
            if self.cell in COPY_OF:
                out["event"] = EVENTS[COPY_OF[self.cell] // 2].code
        if self.kind in ("roll", "pay"):
            out["dice"] = list(self.dice)
        if self.kind == "roll":
            out["again"] = self.again
        if self.kind in ("bis", "pay", "buy", "jackpot", "sell", "eliminated"):
            out["amount"] = self.amount
        if self.kind == "pay":
            out["payments"] = [{"to": _party_json(c), "amount": a} for c, a in self.payments]
            out["tirelire"] = self.tirelire
        if self.kind == "ladder":
            out["to"] = list(xy(self.to))
        if self.kind in ("decline", "sell"):
            out["to_jackpot"] = self.to_jackpot
        if self.kind == "eliminated":
            out["rank"] = self.rank
        return out


@dataclass(frozen=True, slots=True)
class ParadiceState:
    """One position. Build the start with ``initial(options)``; ``apply`` returns a new state."""

    options: ParadiceOptions
    phase: Phase
    current: int  # whose turn
    round: int  # 1-based; goes up after the last seat in play has played
    balances: tuple[int, ...]
    jackpot: int
    owners: tuple[int, ...]  # per event copy (COPY_CELLS order): a seat, NOBODY or POT
    pawns: tuple[int, ...]  # cell of each pawn
    ranks: tuple[int, ...]  # final place of the eliminated players, 0 while in play
    last_win: tuple[int, int] | None = None  # (amount, seat) of the last jackpot won
    dice: tuple[int, int] | None = None  # the dice of the move or payment under way
    steps: int = 0  # cells still to travel
    trail: tuple[int, ...] = ()  # cells walked since the last roll, from where it started (bis included)
    due: tuple[int, ...] = ()  # while selling: the amount due per party (seats, then the jackpot)
    # The current turn so far; once it is over, the finished turn's, until the next player rolls (so the
    # screen and the view can show how a turn ended: a ladder, a jackpot, an elimination).
    log: tuple[Event, ...] = ()
    # Per round: (credits, debits) per party, the seats then the jackpot. The statistics are left out of
    # the repr, which would otherwise grow by a round's ledger every round.
    ledger: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = field(default=(), repr=False)
    event_stats: tuple[int, ...] = field(default=(0,) * len(EVENTS), repr=False)  # gains paid per event (both copies)
    roll_stats: tuple[int, ...] = field(default=(0,) * 36, repr=False)  # gains paid per roll, [a][b] and [b][a]
    bank: tuple[int, int] = (0, 0)  # (purchases, sales and liquidations): money out of and into play
    winners: tuple[int, ...] = ()

    @classmethod
    def initial(cls, options: ParadiceOptions | None = None) -> ParadiceState:
        options = options or ParadiceOptions()
        n = options.players
        zeros = (0,) * (n + 1)
        return cls(
            options,
            "roll",
            0,
            1,
            (STARTING_BALANCE,) * n,
            0,
            (NOBODY,) * len(COPY_CELLS),
            (START_CELL,) * n,
            (0,) * n,
            ledger=((zeros, zeros),),
        )

    # --- protocol --------------------------------------------------------------------------------
    @property
    def kind(self) -> NodeKind:
        return _KIND[self.phase]

    @property
    def to_move(self) -> int | None:
        return self.current if self.phase in ("direction", "buy", "sell") else None

    @property
    def num_players(self) -> int:
        return self.options.players

    @property
    def price(self) -> int:
        return price(self.options.players)

    @property
    def pawn(self) -> int:
        return self.pawns[self.current]

    def in_play(self, seat: int) -> bool:
        return self.ranks[seat] == 0

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase == "direction":
            return tuple(GO[d] for d in ROUTES[self.current][self.pawn])
        if self.phase == "buy":
            return (BUY, DECLINE)
        if self.phase == "sell":
            return tuple(Sell(*xy(c)) for c in self.copies_of(self.current))
        return ()

    def chance_outcomes(self) -> tuple[tuple[Dice, Fraction], ...]:
        return CHANCE_OUTCOMES if self.phase == "roll" else ()

    def apply(self, step: Any) -> ParadiceState:
        """Apply a legal action or outcome (unchecked: the match and the AI check or generate legal ones)."""
        if isinstance(step, Dice):
            relance = bool(self.log) and self.log[-1].kind == "relance" and self.log[-1].player == self.current
            event = Event("roll", self.current, self.pawn, dice=(step.a, step.b), again=relance)
            log = self.log + (event,) if relance else (event,)  # the finished turn's log is kept until now
            return replace(self, dice=(step.a, step.b), steps=step.a + step.b, trail=(self.pawn,), log=log)._advance()
        if isinstance(step, Go):
            return self._step_to(neighbour(self.pawn, step.direction))._advance()
        if isinstance(step, Buy):
            return self._buy()
        if isinstance(step, Decline):
            return self._decline()
        if isinstance(step, Sell):
            return self._sell(cell(step.x, step.y))
        raise TypeError(f"not a Paradice action: {step!r}")

    # --- ownership -----------------------------------------------------------------------------------
    def copies_of(self, party: int) -> tuple[int, ...]:
        """The cells of the event copies that ``party`` (a seat or POT) owns, in the original's order."""
        return tuple(COPY_CELLS[i] for i, owner in enumerate(self.owners) if owner == party)

    def owner_of(self, cell_index: int) -> int:
        return self.owners[COPY_OF[cell_index]]

    def _own(self, cell_index: int, party: int) -> tuple[int, ...]:
        i = COPY_OF[cell_index]
        return self.owners[:i] + (party,) + self.owners[i + 1 :]

    # --- money -----------------------------------------------------------------------------------------
    def gains(self, a: int, b: int, seat: int | None = None, tirelire: bool = False) -> list[tuple[int, int, int]]:
        """What ``seat`` (the player to move by default) owes for the roll (a, b): (event, creditor,
        amount) for every copy owned by another party (a seat or the jackpot), all to the jackpot on a
        tirelire. A party owning both copies of an event appears twice."""
        seat = self.current if seat is None else seat
        roll = (a - 1) * 6 + b - 1
        out = []
        for i, owner in enumerate(self.owners):
            if owner == NOBODY or owner == seat:
                continue
            gain = GAINS[i // 2][roll]
            if gain:
                out.append((i // 2, POT if tirelire else owner, gain))
        return out

    def _move_money(self, payer: int | None, payee: int | None, amount: int) -> ParadiceState:
        """``amount`` from ``payer`` to ``payee``: a seat, POT, or None for the bank (purchases, sales);
        written in this round's ledger (the jackpot is the party after the seats)."""
        n = self.num_players
        balances, jackpot = list(self.balances), self.jackpot
        credits, debits = (list(side) for side in self.ledger[-1])
        purchases, sales = self.bank
        if payer is None:
            sales += amount
        else:
            debits[n if payer == POT else payer] += amount
            if payer == POT:
                jackpot -= amount
            else:
                balances[payer] -= amount
        if payee is None:
            purchases += amount
        else:
            credits[n if payee == POT else payee] += amount
            if payee == POT:
                jackpot += amount
            else:
                balances[payee] += amount
        return replace(
            self,
            balances=tuple(balances),
            jackpot=jackpot,
            bank=(purchases, sales),
            ledger=self.ledger[:-1] + ((tuple(credits), tuple(debits)),),
        )

    def _pay(self, items: list[tuple[int, int, int]], tirelire: bool) -> ParadiceState:
        """The player to move pays every gain of ``items`` (even into the red: elimination pays in full)."""
        a, b = self.dice or (1, 1)
        by_creditor: dict[int, int] = {}
        events, rolls = list(self.event_stats), list(self.roll_stats)
        for number, creditor, amount in items:
            by_creditor[creditor] = by_creditor.get(creditor, 0) + amount
            events[number] += amount
            rolls[(a - 1) * 6 + b - 1] += amount
            rolls[(b - 1) * 6 + a - 1] += amount
        state = replace(self, event_stats=tuple(events), roll_stats=tuple(rolls))
        payments = tuple(sorted(by_creditor.items(), key=lambda item: (item[0] == POT, item[0])))
        for creditor, amount in payments:
            state = state._move_money(self.current, creditor, amount)
        total = sum(amount for _, amount in payments)
        event = Event("pay", self.current, self.pawn, total, (a, b), payments, tirelire=tirelire)
        return replace(state, log=state.log + (event,))

    # --- the turn ----------------------------------------------------------------------------------------
    def _step_to(self, target: int) -> ParadiceState:
        pawns = self.pawns[: self.current] + (target,) + self.pawns[self.current + 1 :]
        return replace(self, pawns=pawns, steps=self.steps - 1, trail=self.trail + (target,))

    def _advance(self) -> ParadiceState:
        """Travel the steps left along the route; stop where the player must choose a direction."""
        state = self
        route = ROUTES[self.current]
        while state.steps > 0:
            directions = route[state.pawn]
            if len(directions) > 1:
                return replace(state, phase="direction")
            state = state._step_to(neighbour(state.pawn, directions))
        return state._land()

    def _land(self) -> ParadiceState:
        here = self.pawn
        if KIND[here] == BIS:  # moves again by the same total, before any payment
            total = sum(self.dice or (0, 0))
            event = Event("bis", self.current, here, total)
            return replace(self, steps=total, log=self.log + (event,))._advance()  # the trail goes on
        return self._settle()

    def _settle(self) -> ParadiceState:
        """Pay the gains of this roll (selling first if short, or be eliminated), then the cell acts."""
        a, b = self.dice or (1, 1)
        tirelire = KIND[self.pawn] == TIRELIRE
        items = self.gains(a, b, tirelire=tirelire)
        due = sum(amount for _, _, amount in items)
        balance = self.balances[self.current]
        if balance >= due:
            return self._pay(items, tirelire)._act() if items else self._act()
        if balance + len(self.copies_of(self.current)) * self.price < due:
            return self._eliminate()
        per_party = [0] * (self.num_players + 1)
        for _, creditor, amount in items:
            per_party[self.num_players if creditor == POT else creditor] += amount
        return replace(self, phase="sell", due=tuple(per_party))

    def _act(self) -> ParadiceState:
        here, seat = self.pawn, self.current
        kind = KIND[here]
        if kind == EVENT:
            owner = self.owner_of(here)
            if owner not in (NOBODY, POT):
                return self._end_turn()
            copy = COPY_OF[here]
            if self.owners[copy ^ 1] == seat:  # the second copy is free
                event = Event("free", seat, here)
                return replace(self, owners=self._own(here, seat), log=self.log + (event,))._end_turn()
            if self.balances[seat] >= self.price:
                return replace(self, phase="buy")
            return self._decline()
        if kind == LADDER:
            target = JUMP[here]
            pawns = self.pawns[:seat] + (target,) + self.pawns[seat + 1 :]
            return replace(self, pawns=pawns, log=self.log + (Event("ladder", seat, here, to=target),))._end_turn()
        if kind == RELANCE:
            return replace(self, phase="roll", dice=None, steps=0, log=self.log + (Event("relance", seat, here),))
        if kind == JACKPOT:
            won = self.jackpot
            state = self._move_money(POT, seat, won) if won else self
            last_win = (won, seat) if won else self.last_win
            return replace(state, last_win=last_win, log=state.log + (Event("jackpot", seat, here, won),))._end_turn()
        return self._end_turn()  # tirelire (already paid to the jackpot); the start is never landed on

    def _buy(self) -> ParadiceState:
        here, seat = self.pawn, self.current
        state = self._move_money(seat, None, self.price)
        event = Event("buy", seat, here, self.price)
        return replace(state, owners=self._own(here, seat), log=state.log + (event,))._end_turn()

    def _decline(self) -> ParadiceState:
        here = self.pawn
        to_jackpot = self.options.rule(RULE_DECLINED)
        owners = self._own(here, POT) if to_jackpot else self.owners
        event = Event("decline", self.current, here, to_jackpot=to_jackpot)
        return replace(self, owners=owners, log=self.log + (event,))._end_turn()

    def _sell(self, sold: int) -> ParadiceState:
        seat = self.current
        to_jackpot = self.options.rule(RULE_SOLD)
        state = self._move_money(None, seat, self.price)
        event = Event("sell", seat, sold, self.price, to_jackpot=to_jackpot)
        state = replace(state, owners=self._own(sold, POT if to_jackpot else NOBODY), due=(), log=state.log + (event,))
        return state._settle()  # the amount due is recomputed: a sale to the jackpot makes it owed

    def _eliminate(self) -> ParadiceState:
        """Liquidate every event, pay every creditor in full, leave the game (no cell action)."""
        seat, here = self.current, self.pawn
        state = self
        if KIND[here] == EVENT and self.owner_of(here) == NOBODY and self.options.rule(RULE_DECLINED):
            state = replace(state, owners=state._own(here, POT))
        liquidated = state.copies_of(seat)
        heir = POT if self.options.rule(RULE_LIQUIDATED) else NOBODY
        owners = tuple(heir if owner == seat else owner for owner in state.owners)
        proceeds = len(liquidated) * self.price
        state = replace(state, owners=owners)
        if proceeds:
            state = state._move_money(None, seat, proceeds)
        a, b = self.dice or (1, 1)
        tirelire = KIND[here] == TIRELIRE
        # As in the original, with rule 4 the liquidated events already pay the jackpot here.
        state = state._pay(state.gains(a, b, tirelire=tirelire), tirelire)
        rank = sum(1 for r in self.ranks if r == 0)
        ranks = state.ranks[:seat] + (rank,) + state.ranks[seat + 1 :]
        event = Event("eliminated", seat, here, proceeds, rank=rank)
        state = replace(state, ranks=ranks, due=(), log=state.log + (event,))
        if rank == 2:  # one player left
            return state._finish(tuple(p for p in range(self.num_players) if ranks[p] == 0))
        return state._end_turn()

    def _end_turn(self) -> ParadiceState:
        n = self.num_players
        following = next(p % n for p in range(self.current + 1, self.current + n + 1) if self.ranks[p % n] == 0)
        state = replace(self, phase="roll", dice=None, steps=0, due=())
        if following > self.current:
            return replace(state, current=following)
        limit = self.options.round_limit
        if limit is not None and self.round >= limit:
            return state._finish(self.richest())
        zeros = (0,) * (n + 1)
        return replace(state, current=following, round=self.round + 1, ledger=self.ledger + ((zeros, zeros),))

    def richest(self) -> tuple[int, ...]:
        in_play = [p for p in range(self.num_players) if self.ranks[p] == 0]
        best = max(self.balances[p] for p in in_play)
        return tuple(p for p in in_play if self.balances[p] == best)

    def _finish(self, winners: tuple[int, ...]) -> ParadiceState:
        event = Event("over", self.current)
        return replace(self, phase="over", winners=winners, dice=None, steps=0, due=(), log=self.log + (event,))

    # --- scores and ranking ------------------------------------------------------------------------
    def scores(self) -> tuple[float, ...]:
        """Balances, an eliminated player's shown as 0 (as in the original)."""
        return tuple(float(max(0, b)) if r == 0 else 0.0 for b, r in zip(self.balances, self.ranks, strict=True))

    def returns(self) -> tuple[float, ...]:
        if self.phase != "over":
            return (0.0,) * self.num_players
        share = 1.0 / len(self.winners)
        return tuple(share if p in self.winners else 0.0 for p in range(self.num_players))

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        return Outcome(self.winners, self.scores())

    def ranking(self) -> list[tuple[int, int]]:
        """(place, seat) best first: players in play by balance (equal balances share a place), then the
        eliminated, the last eliminated first."""
        in_play = [p for p in range(self.num_players) if self.ranks[p] == 0]
        places = ranking_of([self.balances[p] for p in in_play])
        out = [(rank, in_play[i]) for rank, i, _ in places]
        out += sorted(((r, p) for p, r in enumerate(self.ranks) if r), key=lambda item: item[0])
        return out

    def amount_due(self) -> int:
        return sum(self.due)

    def missing(self) -> int:
        """While selling: what the player still lacks to pay."""
        return max(0, self.amount_due() - self.balances[self.current])

    def totals(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Cumulative (credits, debits) per party, the seats then the jackpot."""
        parties = self.num_players + 1
        credits = tuple(sum(r[0][i] for r in self.ledger) for i in range(parties))
        debits = tuple(sum(r[1][i] for r in self.ledger) for i in range(parties))
        return credits, debits

    def evolution(self) -> list[list[int]]:
        """Per party (seats, then the jackpot), the balance at the end of each round from round 0."""
        parties = self.num_players + 1
        start = [STARTING_BALANCE] * self.num_players + [0]
        out = [[s] for s in start]
        for credits, debits in self.ledger:
            for i in range(parties):
                out[i].append(out[i][-1] + credits[i] - debits[i])
        return out

    # --- view ----------------------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        n = self.num_players
        outcome = self.outcome()
        credits, debits = self.totals()
        here = self.pawn
        return {
            "players": n,
            "rules": self.options.rules,
            "round_limit": self.options.round_limit,
            "price": self.price,
            "round": self.round,
            "phase": self.phase,
            "current": self.current,
            "to_move": self.to_move,
            "dice": list(self.dice) if self.dice else None,
            "steps": self.steps,
            "trail": [list(xy(c)) for c in self.trail],
            "directions": list(ROUTES[self.current][here]) if self.phase == "direction" else [],
            "offer": {"cell": list(xy(here)), "event": EVENTS[COPY_OF[here] // 2].code, "price": self.price}
            if self.phase == "buy"
            else None,
            "selling": {
                "due": self.amount_due(),
                "missing": self.missing(),
                "creditors": [
                    {"to": _party_json(i if i < n else POT), "amount": a} for i, a in enumerate(self.due) if a
                ],
            }
            if self.phase == "sell"
            else None,
            "balances": list(self.balances),
            "jackpot": self.jackpot,
            "last_win": {"amount": self.last_win[0], "player": self.last_win[1]} if self.last_win else None,
            "owners": [
                {
                    "cell": list(xy(c)),
                    "event": EVENTS[i // 2].code,
                    "copy": i % 2 + 1,
                    "owner": _party_json(self.owners[i]),
                }
                for i, c in enumerate(COPY_CELLS)
            ],
            "pawns": [list(xy(c)) if self.ranks[p] == 0 else None for p, c in enumerate(self.pawns)],
            "eliminated": [r or None for r in self.ranks],
            "ranking": [{"place": place, "seat": seat} for place, seat in self.ranking()],
            "log": [e.to_json() for e in self.log],
            "ledger": [{"round": r + 1, "credits": list(c), "debits": list(d)} for r, (c, d) in enumerate(self.ledger)],
            "stats": {
                "events": {e.code: self.event_stats[i] for i, e in enumerate(EVENTS)},
                "rolls": [list(self.roll_stats[r * 6 : r * 6 + 6]) for r in range(6)],
                "credits": list(credits),
                "debits": list(debits),
                "purchases": self.bank[0],
                "sales": self.bank[1],
            },
            "scores": list(self.scores()),
            "over": self.phase == "over",
            "winners": list(outcome.winners) if outcome else [],
        }

    # --- notation ------------------------------------------------------------------------------------
    def __str__(self) -> str:
        """A compact picture for people (test failures, golden playthroughs): the turn, the 13 × 13 board
        (``@`` + seat: a pawn, ``@+`` several; ``E`` + owner: an event copy, ``E$`` the jackpot's, ``E.``
        nobody's; J jackpot, B bis, R relance, L ladder, T tirelire, S start), a line per seat."""
        n = self.num_players
        limit = self.options.round_limit
        head = f"Paradice {n}p round {self.round}{'' if limit is None else f'/{limit}'} {self.phase}"
        if self.phase != "over":
            head += f", seat {self.current}'s turn"
        if self.dice:
            head += f", dice {self.dice[0]}+{self.dice[1]}"
            if self.steps:
                head += f", {self.steps} steps left"
        head += f"; jackpot {self.jackpot}"
        if self.phase == "buy":
            head += f"; offer {EVENTS[COPY_OF[self.pawn] // 2].code} for {self.price}"
        if self.phase == "sell":
            head += f"; due {self.amount_due()}, missing {self.missing()}"
        pawns: dict[int, str] = {}
        for p, at in enumerate(self.pawns):
            if self.ranks[p] == 0:
                pawns[at] = "@+" if at in pawns else f"@{p}"
        rows = []
        for y in range(SIZE):
            tokens = []
            for x in range(SIZE):
                c = y * SIZE + x
                kind = KIND.get(c)
                if c in pawns:
                    tokens.append(pawns[c])
                elif kind is None:
                    tokens.append("  ")
                elif kind == EVENT:
                    owner = self.owners[COPY_OF[c]]
                    tokens.append("E" + ("." if owner == NOBODY else "$" if owner == POT else str(owner)))
                else:
                    tokens.append(kind + " ")
            rows.append(f"{y:>2} " + " ".join(tokens).rstrip())
        seats = []
        for p in range(n):
            mark = ">" if p == self.current and self.phase != "over" else " "
            if self.ranks[p]:
                seats.append(f"{mark}{p} out, place {self.ranks[p]}")
            else:
                x, y = xy(self.pawns[p])
                seats.append(f"{mark}{p} {self.balances[p]} at {x},{y}, {len(self.copies_of(p))} events")
        if self.winners:
            seats.append(f"winners {' '.join(map(str, self.winners))}")
        return "\n".join([head, *rows, *seats])


def step_events(before: ParadiceState, after: ParadiceState) -> tuple[Event, ...]:
    """The events logged by the step from ``before`` to ``after``: the log grows within a turn and starts
    again with the next player's roll."""
    if after.log[: len(before.log)] == before.log:
        return after.log[len(before.log) :]
    return after.log


def _party_json(party: int) -> int | str | None:
    if party == POT:
        return "jackpot"
    return None if party == NOBODY else party


def initial(options: ParadiceOptions | None = None) -> ParadiceState:
    return ParadiceState.initial(options)


def num_players(options: ParadiceOptions) -> int:
    return options.players
