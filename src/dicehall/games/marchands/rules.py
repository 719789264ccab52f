"""Dés & Marchands rules: on his turn a player rolls all his dice and moves his pawn in a rolled direction
up to the rolled power (diagonally at half the power when two perpendicular directions are rolled),
robs the players on the cell where he arrives of half their coins, and the cell acts: end cell (the game
ends), bonus (a choice of bonus actions; with the option bonus_once, only the first time it serves that
player), merchant (one transaction or none), portal (option).

The cells, bonus actions and face kinds are open lists (packages ``cells``, ``bonuses``, ``faces``): the
rules below never name a kind except through them. Play order is the seat order dealt with the board.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Literal

from dicehall.core.chance import uniform
from dicehall.core.protocol import NodeKind, Outcome
from dicehall.games.marchands import bonuses, cells, faces, merchant
from dicehall.games.marchands.actions import LEAVE, ROLL, Bonus, Buy, Layout, Leave, Move, Replace, Roll, Sell, Side
from dicehall.games.marchands.board import LAYOUTS, Board, Cell, deal
from dicehall.games.marchands.faces.direction import OPPOSITE, STEPS
from dicehall.games.marchands.options import MarchandsOptions

START_COINS = 2
START_DICE: tuple[tuple[str, ...], ...] = (("N", "E", "S", "W"), ("1", "2", "3", "4"))
_LAYOUT_OUTCOMES = uniform(tuple(Layout(n) for n in range(LAYOUTS)))
_SIDE_OUTCOMES = {k: uniform(tuple(Side(i) for i in range(k))) for k in range(1, 33)}
Action = Roll | Move | Bonus | Sell | Buy | Replace | Leave  # a player's (outcomes: Layout, Side)
Phase = Literal["layout", "roll", "throw", "move", "bonus", "merchant", "over"]  # the view JSON's "phase"
_KIND: dict[Phase, NodeKind] = {
    "layout": NodeKind.CHANCE,
    "roll": NodeKind.DECISION,
    "throw": NodeKind.CHANCE,
    "move": NodeKind.DECISION,
    "bonus": NodeKind.DECISION,
    "merchant": NodeKind.DECISION,
    "over": NodeKind.TERMINAL,
}
# Coin flows, per player, for the accounts: what came in and went out, by cause.
FLOWS = ("bonus", "merchant", "stolen")


@dataclass(frozen=True, slots=True)
class Event:
    """What the last step did, for messages and animations. kind: "roll" (faces rolled, no move or a
    move to choose), "move", "steal", "bonus", "spent" (a bonus cell that has served the player already,
    option bonus_once), "merchant", "leave", "end"."""

    kind: str
    player: int
    faces: tuple[str, ...] = ()
    cell: Cell | None = None
    detail: str = ""  # bonus id, transaction tag, how the game ended
    amounts: tuple[tuple[int, int], ...] = ()  # (player, coins) moved by the step

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "player": self.player,
            "faces": list(self.faces),
            "cell": list(self.cell) if self.cell else None,
            "detail": self.detail or None,
            "amounts": [{"player": p, "coins": c} for p, c in self.amounts],
        }


@dataclass(frozen=True, slots=True)
class MarchandsState:
    """One position. Build the start with ``initial(options)`` (a layout chance node first)."""

    options: MarchandsOptions
    board: Board | None
    phase: Phase
    turn: int  # turns begun and finished: round = turn // players + 1; the player is order[turn % players]
    order: tuple[int, ...]
    pos: tuple[Cell, ...]
    coins: tuple[int, ...]
    dice: tuple[tuple[tuple[str, ...], ...], ...]  # per player, his dice, each a tuple of face tokens
    rolled: tuple[str, ...] = ()  # faces landed this turn, one per die in order
    flows: tuple[tuple[int, ...], ...] = ()  # per player: (in, out) per FLOWS cause, flattened
    events: tuple[Event, ...] = ()  # this turn's events
    ended: str = ""  # "end_cell" | "round_limit"
    # with the option bonus_once: per player, the bonus cells that have served him, in the order used
    served: tuple[tuple[Cell, ...], ...] = ()

    @classmethod
    def initial(cls, options: MarchandsOptions | None = None) -> MarchandsState:
        options = options or MarchandsOptions()
        n = options.players
        return cls(
            options,
            None,
            "layout",
            0,
            tuple(range(n)),
            ((0, 0),) * n,
            (START_COINS,) * n,
            (START_DICE,) * n,
            flows=((0,) * (2 * len(FLOWS)),) * n,
            served=((),) * n,
        )

    @classmethod
    def on_board(
        cls, options: MarchandsOptions, board: Board, pos: tuple[Cell, ...], order: tuple[int, ...] | None = None
    ) -> MarchandsState:
        """A game already dealt on ``board`` (scenario tests and tools)."""
        start = cls.initial(options)
        return replace(start, board=board, phase="roll", pos=tuple(pos), order=order or start.order)

    # --- protocol --------------------------------------------------------------------------------
    @property
    def kind(self) -> NodeKind:
        return _KIND[self.phase]

    @property
    def num_players(self) -> int:
        return self.options.players

    @property
    def round(self) -> int:
        return self.turn // self.options.players + 1

    @property
    def current(self) -> int:
        return self.order[self.turn % self.options.players]

    @property
    def to_move(self) -> int | None:
        return self.current if _KIND[self.phase] is NodeKind.DECISION else None

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase == "roll":
            return (ROLL,)
        if self.phase == "move":
            return tuple(Move(cell) for cell in self.destinations())
        if self.phase == "bonus":
            return tuple(Bonus(action.id) for action in bonuses.offered(self.options.on))
        if self.phase == "merchant":
            p = self.current
            return merchant.allowed(self.dice[p], self.coins[p], self.options.on) + (LEAVE,)
        return ()

    def chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        if self.phase == "layout":
            return _LAYOUT_OUTCOMES
        if self.phase == "throw":
            return _SIDE_OUTCOMES[len(self.dice[self.current][len(self.rolled)])]
        return ()

    def apply(self, step: Any) -> MarchandsState:
        """Apply a legal action or outcome (unchecked: the match and the AI check or generate legal ones)."""
        if isinstance(step, Layout):
            board, starts, order = deal(self.options, step.number)
            return replace(self, board=board, pos=starts, order=order, phase="roll")
        if isinstance(step, Roll):
            return replace(self, phase="throw", rolled=(), events=())
        if isinstance(step, Side):
            return self._land(step.index)
        if isinstance(step, Move):
            return self._move((step.to[0], step.to[1]))
        if isinstance(step, Bonus):
            state = self._note(Event("bonus", self.current, detail=step.choice))
            return bonuses.BY_ID[step.choice].apply(state, self.current)
        if isinstance(step, (Sell, Buy, Replace)):
            return self._trade(step)
        if isinstance(step, Leave):
            return self._note(Event("leave", self.current)).end_turn()
        raise TypeError(f"not a Dés & Marchands action: {step!r}")

    # --- moves ---------------------------------------------------------------------------------------
    def roll_sum(self) -> faces.RollSum:
        return faces.roll_sum(self.rolled)

    def destinations(self) -> tuple[Cell, ...]:
        """The cells the rolled faces allow (the pawn's own cell first: a distance of 0); none without a
        direction or a power. Straight: 1..power in a rolled direction; diagonal: 1..power//2 when two
        perpendicular directions are rolled. Cells off the board are not offered."""
        roll = self.roll_sum()
        reach = roll.reach
        if not roll.directions or reach <= 0:
            return ()
        here = self.pos[self.current]
        out: list[Cell] = [here]
        dirs = [d for d in STEPS if d in roll.directions]
        for d in dirs:
            out += self._line(here, STEPS[d], reach)
        for i, a in enumerate(dirs):
            for b in dirs[i + 1 :]:
                if OPPOSITE[a] != b:  # opposite directions never combine
                    step = (STEPS[a][0] + STEPS[b][0], STEPS[a][1] + STEPS[b][1])
                    out += self._line(here, step, reach // 2)
        return tuple(out)

    def _line(self, here: Cell, step: tuple[int, int], length: int) -> list[Cell]:
        assert self.board is not None
        out = []
        for k in range(1, length + 1):
            cell = (here[0] + step[0] * k, here[1] + step[1] * k)
            if not self.board.inside(cell):
                break
            out.append(cell)
        return out

    def _land(self, index: int) -> MarchandsState:
        p = self.current
        rolled = self.rolled + (self.dice[p][len(self.rolled)][index],)
        state = replace(self, rolled=rolled)
        if len(rolled) < len(self.dice[p]):
            return state
        state = state._note(Event("roll", p, faces=rolled))
        if not state.destinations():
            return state.end_turn()  # no direction or no power: no move
        return replace(state, phase="move")

    def _move(self, to: Cell) -> MarchandsState:
        p = self.current
        if to == self.pos[p]:
            return self._note(Event("move", p, cell=to, detail="stay")).end_turn()  # distance 0: no arrival
        state = self.move_pawn(p, to)._note(Event("move", p, cell=to))
        victims = [q for q in range(self.num_players) if q != p and self.pos[q] == to]
        if victims:
            amounts = tuple((q, state.coins[q] // 2) for q in victims)
            for q, taken in amounts:
                state = state.pay(q, -taken, "stolen").pay(p, taken, "stolen")
            state = state._note(Event("steal", p, cell=to, amounts=amounts))
        assert state.board is not None
        return cells.BY_ID[state.board.kind(to)].arrive(state, p, to)

    def _trade(self, action: Any) -> MarchandsState:
        p = self.current
        cost = merchant.price(self.dice[p], action)
        dice = merchant.after(self.dice[p], action)
        state = replace(self, dice=self.dice[:p] + (dice,) + self.dice[p + 1 :]).pay(p, -cost, "merchant")
        tag = type(action).__name__.lower()
        return state._note(Event("merchant", p, detail=tag, amounts=((p, -cost),))).end_turn()

    # --- what cells and bonuses use ----------------------------------------------------------------------
    def end_turn(self) -> MarchandsState:
        turn = self.turn + 1
        limit = self.options.round_limit
        if limit is not None and turn >= limit * self.options.players:
            return replace(self, turn=turn - 1).finish("round_limit")
        return replace(self, phase="roll", turn=turn, rolled=())

    def again(self) -> MarchandsState:
        """The same player rolls again (the replay bonus)."""
        return replace(self, phase="roll", rolled=())

    def ask(self, phase: Phase) -> MarchandsState:
        """The player must decide (a bonus, a merchant) before the turn ends."""
        return replace(self, phase=phase)

    def bonus_open(self, player: int, cell: Cell) -> bool:
        """The bonus cell ``cell`` still serves ``player``: always, unless the option bonus_once is on and it
        has served him already."""
        return not self.options.bonus_once or cell not in self.served_by(player)

    def serve(self, player: int, cell: Cell) -> MarchandsState:
        """The bonus cell ``cell`` serves ``player`` now (remembered only with the option bonus_once)."""
        if not self.options.bonus_once:
            return self
        served = self.served or ((),) * self.num_players
        mine = served[player] + (cell,)
        return replace(self, served=served[:player] + (mine,) + served[player + 1 :])

    def served_by(self, player: int) -> tuple[Cell, ...]:
        """The bonus cells that have served ``player`` (option bonus_once; none without it)."""
        return self.served[player] if self.served else ()

    def note(self, event: Event) -> MarchandsState:
        """Record ``event`` among the turn's (for messages and animations)."""
        return self._note(event)

    def finish(self, why: str) -> MarchandsState:
        return replace(self, phase="over", ended=why)._note(Event("end", self.current, detail=why))

    def move_pawn(self, player: int, to: Cell) -> MarchandsState:
        return replace(self, pos=self.pos[:player] + (to,) + self.pos[player + 1 :])

    def pay(self, player: int, amount: int, cause: str) -> MarchandsState:
        """Add ``amount`` coins (negative: take) to ``player``, accounted under ``cause``."""
        if amount == 0:
            return self
        i = 2 * FLOWS.index(cause) + (0 if amount > 0 else 1)
        flows = list(self.flows[player])
        flows[i] += abs(amount)
        coins = self.coins[player] + amount
        assert coins >= 0, "coins never go negative"
        return replace(
            self,
            coins=self.coins[:player] + (coins,) + self.coins[player + 1 :],
            flows=self.flows[:player] + (tuple(flows),) + self.flows[player + 1 :],
        )

    def _note(self, event: Event) -> MarchandsState:
        return replace(self, events=self.events + (event,))

    # --- scores ------------------------------------------------------------------------------------
    def power(self, player: int) -> int:
        """The tie-break: the sum of a player's power faces."""
        return faces.tie_power(self.dice[player])

    def winner(self) -> int | None:
        """Most coins; tied: most power; still tied: nobody."""
        best = max((self.coins[p], self.power(p)) for p in range(self.num_players))
        top = [p for p in range(self.num_players) if (self.coins[p], self.power(p)) == best]
        return top[0] if len(top) == 1 else None

    def scores(self) -> tuple[float, ...]:
        return tuple(float(c) for c in self.coins)

    def returns(self) -> tuple[float, ...]:
        if self.phase != "over":
            return (0.0,) * self.num_players
        w = self.winner()
        return tuple(1.0 if p == w else 0.0 for p in range(self.num_players))

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        w = self.winner()
        return Outcome(() if w is None else (w,), self.scores())

    # --- view ----------------------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        board = self.board
        over = self.phase == "over"
        w = self.winner() if over else None
        return {
            "phase": self.phase,
            "options": self.options.to_json(),
            "round": self.round,
            "turn": self.turn,
            "current": self.current if self.phase != "layout" and not over else None,
            "order": list(self.order),
            "board": None
            if board is None
            else {
                "size": board.size,
                "end": list(board.end),
                "specials": {k.id: [list(c) for c in board.cells_of(k.id)] for k in cells.KINDS if k.placed},
                "portals": [[list(a), list(b)] for a, b in board.portals],
            },
            "players": [
                {
                    "pos": list(self.pos[p]),
                    "coins": self.coins[p],
                    "dice": [list(d) for d in self.dice[p]],
                    "power": self.power(p),
                    **({"served": [list(c) for c in self.served_by(p)]} if self.options.bonus_once else {}),
                }
                for p in range(self.num_players)
            ],
            "rolled": list(self.rolled),
            "roll": _roll_json(self.roll_sum()) if self.rolled else None,
            "events": [e.to_json() for e in self.events],
            "over": over,
            "ended": self.ended or None,
            "winners": [] if w is None else [w],
            "scores": list(self.coins),
        }

    # --- notation ------------------------------------------------------------------------------------
    def __str__(self) -> str:
        """A compact picture for people (test failures, golden playthroughs): the turn, a line per seat
        (``>`` the current player; position, coins, dice), and the 9 × 9 cells around the current
        player's pawn (pawns as seat digits, ``+`` several; ``E`` end, ``B`` bonus, ``M`` merchant, ``P``
        portal, ``.`` a plain cell), not the whole board; the window stays on the board."""
        n = self.num_players
        o = self.options
        head = f"Marchands {n}p {o.size}x{o.size} {self.phase}"
        if self.board is not None:
            head += f", round {self.round} turn {self.turn}"
            if self.phase != "over":
                head += f", seat {self.current} to play"
        if self.ended:
            head += f", ended by {self.ended}"
        lines = [head]
        if self.board is None:
            return head
        for p in self.order:
            mark = ">" if p == self.current and self.phase != "over" else " "
            dice = " ".join(_die_text(d) for d in self.dice[p])
            line = f"{mark}{p} at {self.pos[p][0]},{self.pos[p][1]} coins {self.coins[p]} dice {dice}"
            if self.served_by(p):
                line += " served " + " ".join(f"{x},{y}" for x, y in self.served_by(p))
            lines.append(line)
        if self.rolled:
            lines.append(f"rolled {' '.join(self.rolled)}")
        lines += self._window(self.pos[self.current], 4)
        return "\n".join(lines)

    def _window(self, centre: Cell, radius: int) -> list[str]:
        board = self.board
        assert board is not None
        pawns: dict[Cell, str] = {}
        for p, cell in enumerate(self.pos):
            pawns[cell] = "+" if cell in pawns else str(p)
        side = min(2 * radius + 1, board.size)
        x0 = min(max(centre[0] - radius, 0), board.size - side)  # the window is kept on the board
        y0 = min(max(centre[1] - radius, 0), board.size - side)
        out = ["    " + " ".join(str(x % 10) for x in range(x0, x0 + side)) + f"   (x {x0}-{x0 + side - 1})"]
        for y in range(y0, y0 + side):
            row = (pawns.get((x, y)) or _CELL_LETTERS.get(board.kind((x, y)), "?") for x in range(x0, x0 + side))
            out.append(f"{y:>3} " + " ".join(row))
        return out


def _roll_json(roll: faces.RollSum) -> dict[str, Any]:
    return {
        "directions": [d for d in STEPS if d in roll.directions],
        "power": roll.power,
        "factor": roll.factor,
        "reach": roll.reach,
    }


_CELL_LETTERS = {"normal": ".", "end": "E", "bonus": "B", "merchant": "M", "portal": "P"}


def _die_text(die: tuple[str, ...]) -> str:
    return "".join(die) if all(len(face) == 1 for face in die) else ",".join(die)


def initial(options: MarchandsOptions | None = None) -> MarchandsState:
    return MarchandsState.initial(options)


def num_players(options: MarchandsOptions) -> int:
    return options.players
